import { NavLink } from 'react-router';
import { cx } from '../../lib/cx';
import { OFFICE_PATH } from '../office';

export const CATALOG_PATH = `${OFFICE_PATH}/catalog`;
export const NEW_PRODUCT_PATH = `${CATALOG_PATH}/new`;
export const CATEGORIES_PATH = `${CATALOG_PATH}/categories`;
export const CATALOG_CSV_PATH = `${CATALOG_PATH}/csv`;
export const productPath = (id: number) => `${CATALOG_PATH}/${id}`;

/** The catalogue's own pages, one link each, the current one marked. */
export function CatalogNav() {
  const links = [
    { to: CATALOG_PATH, label: 'Products', end: true },
    { to: CATEGORIES_PATH, label: 'Categories', end: false },
    { to: CATALOG_CSV_PATH, label: 'CSV export and import', end: false },
  ];
  return (
    <nav aria-label="Catalogue" className="mt-3 flex flex-wrap gap-2">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cx(
              'rounded-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-gray-900',
              isActive ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
