import type { TCategory } from '@shop/contracts/catalog';

export type CategoryNode = TCategory;
