import { openStore } from '../../api/storage/store';
import { replaceStock, type StockInput } from '../../api/stock/stock';

/**
 * Writes a freshly built site's cars into the API's store (the SQLite file, or PostgreSQL with
 * DATABASE_URL: the same one the API opens), so every API instance sells from the same stock.
 */
export async function publishStock(tenant: string, cars: StockInput[]): Promise<number> {
  const store = await openStore();
  try {
    return await replaceStock(store, tenant, cars);
  } finally {
    await store.close();
  }
}
