import type { TDeliveryCompany } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { staffApi } from '../chat-console';

/** The carriers orders and replacements ship with (GET /shop/delivery/company); null until they arrive, empty if they cannot. */
export function useCarriers(): TDeliveryCompany[] | null {
  const [companies, setCompanies] = useState<TDeliveryCompany[] | null>(null);
  useEffect(() => {
    staffApi
      .get<{ data: TDeliveryCompany[] }>('/shop/delivery/company', { silent: true })
      .then((response) => setCompanies(response.result?.data ?? []))
      .catch(() => setCompanies([]));
  }, []);
  return companies;
}

/** A carrier select's options: a first empty choice ("Loading…" while the carriers arrive), then each carrier. */
export function CarrierOptions({ companies, loading = false }: { companies: TDeliveryCompany[]; loading?: boolean }) {
  return (
    <>
      <option value="">{loading ? 'Loading…' : 'Choose…'}</option>
      {companies.map((company) => (
        <option key={company.code} value={company.code}>
          {company.name}
        </option>
      ))}
    </>
  );
}
