/**
 * The sample data behind the reference connectors: a small retail store list (relational) and
 * document collections (document database). Generated deterministically so every instance and
 * every test sees the same rows.
 */

/** A store of the retail sample. */
export interface RetailStore {
  Country: string;
  Region: string;
  City: string;
  Channel: "Retail" | "Online" | "Wholesale";
}

const GEOGRAPHY: Record<string, Record<string, string[]>> = {
  Germany: { Bavaria: ["Munich", "Nuremberg"], Berlin: ["Berlin"], Hesse: ["Frankfurt", "Wiesbaden"] },
  France: { "Île-de-France": ["Paris", "Versailles"], Occitanie: ["Toulouse", "Montpellier"] },
  Netherlands: { "North Holland": ["Amsterdam", "Haarlem"], "South Holland": ["Rotterdam", "The Hague"] },
  "United States": { California: ["San Francisco", "Los Angeles"], "New York": ["New York City", "Buffalo"] },
};
const CHANNELS = ["Retail", "Online", "Wholesale"] as const;

/** Every store: each city has the channels its position in the list gives it. */
export const RETAIL_STORES: readonly RetailStore[] = Object.entries(GEOGRAPHY).flatMap(([country, regions]) =>
  Object.entries(regions).flatMap(([region, cities]) =>
    cities.flatMap((city, index) =>
      CHANNELS.slice(0, (index % CHANNELS.length) + 1).map((channel) => ({ Country: country, Region: region, City: city, Channel: channel })),
    ),
  ),
);

/** A tiny deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function buildOrders(): Record<string, unknown>[] {
  const next = random(42);
  const cities = RETAIL_STORES.map((store) => store.City);
  return Array.from({ length: 250 }, (_, index) => {
    const order: Record<string, unknown> = {
      _id: `ord-${String(index + 1).padStart(4, "0")}`,
      orderedAt: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000 * 1.3).toISOString(),
      total: Math.round(next() * 50_000) / 100,
      paid: next() > 0.2,
      customer: { name: `Customer ${Math.floor(next() * 90) + 10}`, address: { city: pick(next, cities) } },
      items: [{ sku: `SKU-${Math.floor(next() * 900) + 100}`, quantity: Math.floor(next() * 5) + 1 }],
    };
    // Later orders gained fields: a scan of the first rows does not see them.
    if (index >= 150) order.discount = Math.round(next() * 2000) / 100;
    if (index >= 200) order.coupon = next() > 0.5 ? `SAVE${Math.floor(next() * 30)}` : null;
    return order;
  });
}

function buildCustomers(): Record<string, unknown>[] {
  const next = random(7);
  return Array.from({ length: 60 }, (_, index) => ({
    _id: `cus-${index + 1}`,
    name: `Customer ${index + 10}`,
    email: `customer${index + 10}@example.com`,
    vip: next() > 0.8,
    signedUpAt: new Date(Date.UTC(2023, 5, 1) + index * 86_400_000 * 3).toISOString(),
    tags: next() > 0.5 ? ["newsletter"] : [],
  }));
}

/** Collections of the document sample, by name. */
export const DOCUMENT_COLLECTIONS: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  orders: buildOrders(),
  customers: buildCustomers(),
};
