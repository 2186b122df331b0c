/**
 * The Northwind demo data (DESIGN.md §5 demo seed): sales orders, customers, support tickets and
 * daily marketing figures over the two years that end on the seed's day, generated from fixed
 * seeds of a small PRNG — the same `now` always gives the same rows. The figures follow believable
 * patterns so the demo dashboards draw real-looking charts: growth, weekdays, a year-end peak, a
 * regional mix with regional tastes, category margins, a yearly price rise, faster support over
 * time. Pure: nothing here touches the store (seed/demo-analytics.ts writes the tables).
 */
import type { DataColumn, DataValue } from "../store/types/data-tables.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days in the demo window: two years, the last one the day of `now`. */
export const DEMO_WINDOW_DAYS = 730;
/** Days of the archive before the window («Sales orders archive», the fusion's second source). */
export const ARCHIVE_DAYS = 365;
/** Rows of «Sales orders» (the largest table an import allows, jobs/import-rows.ts MAX_TABLE_ROWS). */
export const SALES_ORDER_ROWS = 100_000;
/** Rows of «Customers». */
export const CUSTOMER_ROWS = 2_000;
/** Rows of «Support tickets». */
export const SUPPORT_TICKET_ROWS = 8_000;

/** A table's columns and rows, ready for the store. */
export interface DemoTable {
  columns: DataColumn[];
  rows: DataValue[][];
}

/** Every generated table of the demo. */
export interface NorthwindData {
  salesOrders: DemoTable;
  salesArchive: DemoTable;
  customers: DemoTable;
  supportTickets: DemoTable;
  marketingDaily: DemoTable;
}

/**
 * mulberry32: a 32-bit PRNG, uniform in [0, 1). Small, fast and the same on every platform, which
 * `Math.random` is not (it cannot be seeded).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

/** A picker of one item by weight (the lists are short: a linear walk is the fastest). */
function weighted<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const items = entries.map(([item]) => item);
  const bounds = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], index) => {
    total += weight;
    bounds[index] = total;
  });
  const last = entries.length - 1;
  return (random) => {
    const point = random() * total;
    let index = 0;
    while (index < last && (bounds[index] as number) <= point) index++;
    return items[index] as T;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
/** Uniform in [low, high). */
const between = (random: Random, low: number, high: number) => low + (high - low) * random();
/** Log-uniform in [low, high]: small values common, large ones rare (order sizes, hours). */
const logBetween = (random: Random, low: number, high: number) => low * (high / low) ** random();
/** Around 1 with the given spread (a triangular noise, mean 1). */
const noise = (random: Random, spread: number) => 1 + spread * (random() + random() - 1);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoSecond = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** Month factors of the order volume (January first): a summer dip and a year-end peak. */
const ORDER_SEASON = [0.86, 0.88, 0.98, 1.0, 1.02, 0.95, 0.88, 0.85, 1.0, 1.06, 1.22, 1.3];
/** Weekday factors of the order volume (Sunday first): wholesale orders are placed on workdays. */
const ORDER_WEEKDAY = [0.55, 1.1, 1.12, 1.1, 1.08, 1.0, 0.7];

interface Country {
  name: string;
  region: Region;
  weight: number;
  suffix: string;
  cities: readonly string[];
}
type Region = "EMEA" | "Americas" | "APAC";
type Segment = "Enterprise" | "Mid-market" | "Small business";
type Channel = "Online" | "Retail" | "Partner" | "Direct sales";

const COUNTRIES: readonly Country[] = [
  {
    name: "Germany",
    region: "EMEA",
    weight: 11,
    suffix: "GmbH",
    cities: ["Berlin", "Hamburg", "Munich", "Cologne"],
  },
  {
    name: "United Kingdom",
    region: "EMEA",
    weight: 9,
    suffix: "Ltd",
    cities: ["London", "Manchester", "Leeds", "Bristol"],
  },
  {
    name: "France",
    region: "EMEA",
    weight: 8,
    suffix: "SARL",
    cities: ["Paris", "Lyon", "Marseille", "Lille"],
  },
  {
    name: "Netherlands",
    region: "EMEA",
    weight: 5,
    suffix: "B.V.",
    cities: ["Amsterdam", "Rotterdam", "Utrecht"],
  },
  { name: "Spain", region: "EMEA", weight: 5, suffix: "S.L.", cities: ["Madrid", "Barcelona", "Valencia"] },
  { name: "Italy", region: "EMEA", weight: 5, suffix: "S.r.l.", cities: ["Milan", "Rome", "Turin"] },
  { name: "Sweden", region: "EMEA", weight: 3, suffix: "AB", cities: ["Stockholm", "Gothenburg", "Malmö"] },
  {
    name: "United States",
    region: "Americas",
    weight: 20,
    suffix: "Inc.",
    cities: ["New York", "Chicago", "Seattle", "Austin", "Boston"],
  },
  {
    name: "Canada",
    region: "Americas",
    weight: 6,
    suffix: "Ltd",
    cities: ["Toronto", "Vancouver", "Montréal"],
  },
  {
    name: "Brazil",
    region: "Americas",
    weight: 6,
    suffix: "Ltda.",
    cities: ["São Paulo", "Rio de Janeiro", "Curitiba"],
  },
  {
    name: "Mexico",
    region: "Americas",
    weight: 4,
    suffix: "S.A. de C.V.",
    cities: ["Mexico City", "Guadalajara", "Monterrey"],
  },
  {
    name: "Australia",
    region: "APAC",
    weight: 6,
    suffix: "Pty Ltd",
    cities: ["Sydney", "Melbourne", "Brisbane"],
  },
  { name: "Japan", region: "APAC", weight: 5, suffix: "K.K.", cities: ["Tokyo", "Osaka", "Nagoya"] },
  { name: "Singapore", region: "APAC", weight: 3, suffix: "Pte Ltd", cities: ["Singapore"] },
  { name: "India", region: "APAC", weight: 4, suffix: "Pvt Ltd", cities: ["Mumbai", "Bengaluru", "Delhi"] },
];

interface Category {
  name: string;
  /** Gross margin of the category, as a share of the list price. */
  margin: number;
  /** Share of order lines, per region (regional tastes). */
  weight: Record<Region, number>;
  products: readonly (readonly [name: string, listPrice: number, popularity: number])[];
}

/** The Northwind product catalogue, with each category's margin and regional taste. */
const CATEGORIES: readonly Category[] = [
  {
    name: "Beverages",
    margin: 0.46,
    weight: { EMEA: 1.4, Americas: 1.2, APAC: 1.0 },
    products: [
      ["Chai", 18, 5],
      ["Chang", 19, 4],
      ["Ipoh Coffee", 46, 3],
      ["Lakkalikööri", 18, 2],
      ["Sasquatch Ale", 14, 3],
      ["Côte de Blaye", 263.5, 1],
    ],
  },
  {
    name: "Condiments",
    margin: 0.41,
    weight: { EMEA: 0.6, Americas: 0.9, APAC: 0.6 },
    products: [
      ["Aniseed Syrup", 10, 3],
      ["Chef Anton's Cajun Seasoning", 22, 4],
      ["Grandma's Boysenberry Spread", 25, 3],
      ["Vegie-spread", 43.9, 1],
    ],
  },
  {
    name: "Confections",
    margin: 0.52,
    weight: { EMEA: 0.9, Americas: 0.9, APAC: 0.8 },
    products: [
      ["Pavlova", 17.45, 4],
      ["Teatime Chocolate Biscuits", 9.2, 5],
      ["Sir Rodney's Marmalade", 81, 1],
      ["Chocolade", 12.75, 3],
    ],
  },
  {
    name: "Dairy Products",
    margin: 0.31,
    weight: { EMEA: 1.4, Americas: 0.8, APAC: 0.6 },
    products: [
      ["Queso Cabrales", 21, 3],
      ["Camembert Pierrot", 34, 4],
      ["Mozzarella di Giovanni", 34.8, 3],
      ["Raclette Courdavault", 55, 2],
    ],
  },
  {
    name: "Grains/Cereals",
    margin: 0.27,
    weight: { EMEA: 0.6, Americas: 0.6, APAC: 0.7 },
    products: [
      ["Gustaf's Knäckebröd", 21, 3],
      ["Tunnbröd", 9, 3],
      ["Ravioli Angelo", 19.5, 2],
      ["Wimmers gute Semmelknödel", 33.25, 2],
    ],
  },
  {
    name: "Meat/Poultry",
    margin: 0.22,
    weight: { EMEA: 0.7, Americas: 1.3, APAC: 0.6 },
    products: [
      ["Thüringer Rostbratwurst", 123.79, 1],
      ["Perth Pasties", 32.8, 3],
      ["Alice Mutton", 39, 3],
      ["Mishi Kobe Niku", 97, 1],
    ],
  },
  {
    name: "Produce",
    margin: 0.36,
    weight: { EMEA: 0.6, Americas: 0.7, APAC: 0.9 },
    products: [
      ["Uncle Bob's Organic Dried Pears", 30, 3],
      ["Tofu", 23.25, 3],
      ["Manjimup Dried Apples", 53, 2],
      ["Rössle Sauerkraut", 45.6, 2],
    ],
  },
  {
    name: "Seafood",
    margin: 0.29,
    weight: { EMEA: 0.8, Americas: 0.8, APAC: 1.8 },
    products: [
      ["Ikura", 31, 3],
      ["Carnarvon Tigers", 62.5, 2],
      ["Boston Crab Meat", 18.4, 4],
      ["Nord-Ost Matjeshering", 25.89, 3],
    ],
  },
];

const SEGMENTS: readonly (readonly [Segment, number])[] = [
  ["Enterprise", 10],
  ["Mid-market", 35],
  ["Small business", 55],
];
/** How much more an Enterprise or Mid-market customer orders than a small business. */
const SEGMENT_SIZE: Record<Segment, number> = { Enterprise: 6, "Mid-market": 2.5, "Small business": 1 };
/** Quantity range of one order line by segment. */
const SEGMENT_QUANTITY: Record<Segment, [number, number]> = {
  Enterprise: [20, 160],
  "Mid-market": [5, 50],
  "Small business": [1, 18],
};
/** Channel shares by segment; Online grows over the window (channelFor). */
const SEGMENT_CHANNELS: Record<Segment, Record<Channel, number>> = {
  Enterprise: { Online: 0.15, Retail: 0.05, Partner: 0.3, "Direct sales": 0.5 },
  "Mid-market": { Online: 0.35, Retail: 0.15, Partner: 0.3, "Direct sales": 0.2 },
  "Small business": { Online: 0.45, Retail: 0.35, Partner: 0.15, "Direct sales": 0.05 },
};
const SEGMENT_DISCOUNTS: Record<Segment, readonly (readonly [number, number])[]> = {
  Enterprise: [
    [0, 1],
    [0.05, 2],
    [0.1, 5],
    [0.15, 2],
  ],
  "Mid-market": [
    [0, 5],
    [0.05, 3],
    [0.1, 2],
  ],
  "Small business": [
    [0, 17],
    [0.05, 3],
  ],
};

const INDUSTRIES = [
  "Grocery retail",
  "Restaurants",
  "Hotels",
  "Catering",
  "Online retail",
  "Specialty shops",
  "Wholesale",
] as const;
/** Northwind's sales team, each customer's account manager. */
const ACCOUNT_MANAGERS = [
  "Nancy Davolio",
  "Andrew Fuller",
  "Janet Leverling",
  "Margaret Peacock",
  "Steven Buchanan",
  "Michael Suyama",
  "Robert King",
  "Laura Callahan",
  "Anne Dodsworth",
] as const;
const NAME_FIRST = [
  "Alpine",
  "Harbor",
  "Golden",
  "Northern",
  "Blue River",
  "Old Town",
  "Riverside",
  "Green Valley",
  "Sunrise",
  "Maple",
  "Coastal",
  "Royal",
  "Urban",
  "Silver",
  "Evergreen",
  "Highland",
  "Lakeside",
  "Prairie",
  "Pacific",
  "Baltic",
  "Atlas",
  "Summit",
  "Orchard",
  "Meadow",
] as const;
const NAME_SECOND = [
  "Foods",
  "Provisions",
  "Market",
  "Delicatessen",
  "Trading",
  "Grocers",
  "Kitchen",
  "Bistro",
  "Pantry",
  "Wholesale",
  "Catering",
  "Gourmet",
  "Larder",
  "Fine Foods",
  "Hospitality",
] as const;

interface Customer {
  id: string;
  name: string;
  country: Country;
  city: string;
  segment: Segment;
  industry: string;
  manager: string;
  /** First day the customer may order (epoch ms of a UTC midnight). */
  sinceMs: number;
  /** How often the customer orders, relative to the others. */
  size: number;
  creditLimit: number;
  lastOrderMs: number;
}

/** The first day of the window (a UTC midnight): the window's last day is the day of `now`. */
export function windowStartMs(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (DEMO_WINDOW_DAYS - 1) * DAY_MS;
}

/** Splits `total` over the weights by largest remainder: the parts sum to `total` exactly. */
function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (weight / sum) * total);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const);
  order.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] as number) + 1;
    left--;
  }
  return parts;
}

function generateCustomers(startMs: number): Customer[] {
  const random = mulberry32(0x4e57_0001);
  const country = weighted(COUNTRIES.map((entry) => [entry, entry.weight] as const));
  const segment = weighted(SEGMENTS);
  const taken = new Set<string>();
  const customers: Omit<Customer, "id">[] = [];
  for (let index = 0; index < CUSTOMER_ROWS; index++) {
    const home = country(random);
    const city = home.cities[Math.floor(random() * home.cities.length)] as string;
    const kind = segment(random);
    const first = NAME_FIRST[Math.floor(random() * NAME_FIRST.length)] as string;
    const second = NAME_SECOND[Math.floor(random() * NAME_SECOND.length)] as string;
    let name = `${first} ${second} ${home.suffix}`;
    if (taken.has(name)) name = `${first} ${second} ${city} ${home.suffix}`;
    for (let n = 2; taken.has(name); n++) name = `${first} ${second} ${city} ${n} ${home.suffix}`;
    taken.add(name);
    // Most customers were there before the window; APAC is the young, growing region.
    const existing = random() < (home.region === "APAC" ? 0.4 : 0.68);
    const sinceDays = existing
      ? -Math.floor(between(random, ARCHIVE_DAYS / 2, 3_000))
      : Math.floor(random() ** 0.8 * (DEMO_WINDOW_DAYS - 20));
    const size = SEGMENT_SIZE[kind] * Math.exp(0.9 * (random() + random() + random() - 1.5));
    customers.push({
      name,
      country: home,
      city,
      segment: kind,
      industry: INDUSTRIES[Math.floor(random() * INDUSTRIES.length)] as string,
      manager: ACCOUNT_MANAGERS[Math.floor(random() * ACCOUNT_MANAGERS.length)] as string,
      sinceMs: startMs + sinceDays * DAY_MS,
      size,
      creditLimit: Math.round(SEGMENT_SIZE[kind] * between(random, 4, 12)) * 1_000,
      lastOrderMs: Number.NEGATIVE_INFINITY,
    });
  }
  // Ids in the order customers joined, so the customers who may order on a day are a prefix.
  customers.sort((a, b) => a.sinceMs - b.sinceMs);
  return customers.map((customer, index) => ({ ...customer, id: `C-${String(index + 1).padStart(5, "0")}` }));
}

/** The columns of «Sales orders» (one row per order line; an order has one to four lines). */
export const SALES_ORDER_COLUMNS: DataColumn[] = [
  { name: "OrderDate", type: "Date" },
  { name: "OrderId", type: "Text" },
  { name: "Region", type: "Text" },
  { name: "Country", type: "Text" },
  { name: "Channel", type: "Text" },
  { name: "Category", type: "Text" },
  { name: "Product", type: "Text" },
  { name: "CustomerId", type: "Text" },
  { name: "Segment", type: "Text" },
  { name: "Quantity", type: "Number" },
  { name: "UnitPrice", type: "Number" },
  { name: "Revenue", type: "Number" },
  { name: "Cost", type: "Number" },
  { name: "Margin", type: "Number" },
  { name: "Discount", type: "Number" },
  { name: "Returned", type: "Boolean" },
];
/** «Sales orders archive»: the year before the window, before returns were recorded. */
export const SALES_ARCHIVE_COLUMNS: DataColumn[] = SALES_ORDER_COLUMNS.filter(
  (column) => column.name !== "Returned",
);
/** Index of each «Sales orders» column in a row (the order of SALES_ORDER_COLUMNS). */
export const SALES = {
  OrderDate: 0,
  OrderId: 1,
  Region: 2,
  Country: 3,
  Channel: 4,
  Category: 5,
  Product: 6,
  CustomerId: 7,
  Segment: 8,
  Quantity: 9,
  UnitPrice: 10,
  Revenue: 11,
  Cost: 12,
  Margin: 13,
  Discount: 14,
  Returned: 15,
} as const;

/** Order volume of one day (`day` counts from the window's start; negative: the archive). */
function orderWeight(dayMs: number, day: number, random: Random): number {
  const date = new Date(dayMs);
  const month = date.getUTCMonth();
  const dayOfMonth = date.getUTCDate();
  let weight = (1 + 0.45 * (day / DEMO_WINDOW_DAYS)) * (ORDER_SEASON[month] as number);
  weight *= ORDER_WEEKDAY[date.getUTCDay()] as number;
  // Black-week promotions, and the quiet days between Christmas and New Year.
  if (month === 10 && dayOfMonth >= 24) weight *= 1.5;
  if (month === 11 && dayOfMonth >= 24) weight *= 0.45;
  return weight * noise(random, 0.15);
}

/** The share of the window's `day` that has passed at `now`: 1 but for the last day (today so far). */
function dayShare(now: number, day: number): number {
  if (day < DEMO_WINDOW_DAYS - 1) return 1;
  return Math.max(0.02, (now - windowStartMs(now) - day * DAY_MS) / DAY_MS);
}

function channelFor(segment: Segment, progress: number, random: Random): Channel {
  const shares = SEGMENT_CHANNELS[segment];
  const online = shares.Online * (1 + 0.7 * progress);
  let left = random() * (online + shares.Retail + shares.Partner + shares["Direct sales"]);
  left -= online;
  if (left < 0) return "Online";
  left -= shares.Retail;
  if (left < 0) return "Retail";
  left -= shares.Partner;
  return left < 0 ? "Partner" : "Direct sales";
}

function generateOrders(now: number, customers: Customer[]) {
  const startMs = windowStartMs(now);
  const random = mulberry32(0x4e57_0002);
  const days = ARCHIVE_DAYS + DEMO_WINDOW_DAYS;
  const weights = Array.from(
    { length: days },
    (_, index) =>
      orderWeight(startMs + (index - ARCHIVE_DAYS) * DAY_MS, index - ARCHIVE_DAYS, random) *
      dayShare(now, index - ARCHIVE_DAYS),
  );
  // The window holds exactly SALES_ORDER_ROWS lines; the archive gets the lines its weights earn.
  const windowWeights = weights.slice(ARCHIVE_DAYS);
  const perWeight = SALES_ORDER_ROWS / windowWeights.reduce((a, b) => a + b, 0);
  const archiveWeights = weights.slice(0, ARCHIVE_DAYS);
  const archiveTotal = Math.round(archiveWeights.reduce((a, b) => a + b, 0) * perWeight);
  const lines = [...apportion(archiveWeights, archiveTotal), ...apportion(windowWeights, SALES_ORDER_ROWS)];

  const categoryOf: Record<Region, (random: Random) => Category> = {
    EMEA: weighted(CATEGORIES.map((category) => [category, category.weight.EMEA] as const)),
    Americas: weighted(CATEGORIES.map((category) => [category, category.weight.Americas] as const)),
    APAC: weighted(CATEGORIES.map((category) => [category, category.weight.APAC] as const)),
  };
  const productOf = new Map(
    CATEGORIES.map((category) => [
      category,
      weighted(category.products.map((product) => [product, product[2]] as const)),
    ]),
  );
  const discountOf: Record<Segment, (random: Random) => number> = {
    Enterprise: weighted(SEGMENT_DISCOUNTS.Enterprise),
    "Mid-market": weighted(SEGMENT_DISCOUNTS["Mid-market"]),
    "Small business": weighted(SEGMENT_DISCOUNTS["Small business"]),
  };
  const linesPerOrder = weighted([
    [1, 45],
    [2, 30],
    [3, 15],
    [4, 10],
  ]);
  // Cumulative order weights of the customers (sorted by the day they joined).
  const cumulative = new Float64Array(customers.length);
  customers.reduce((sum, customer, index) => {
    cumulative[index] = sum + customer.size;
    return cumulative[index] as number;
  }, 0);

  const archive: DataValue[][] = [];
  const window: DataValue[][] = [];
  let eligible = 0;
  let orderNumber = 100_000;
  for (let index = 0; index < days; index++) {
    const day = index - ARCHIVE_DAYS;
    const dayMs = startMs + day * DAY_MS;
    const date = isoDay(dayMs);
    const progress = Math.max(0, day / DEMO_WINDOW_DAYS);
    // Prices rise by 4 % on each anniversary of the archive's start.
    const priceFactor = 1.04 ** Math.floor(index / 365);
    const promotion = new Date(dayMs).getUTCMonth() === 10 && new Date(dayMs).getUTCDate() >= 24;
    while (eligible < customers.length && (customers[eligible] as Customer).sinceMs <= dayMs) eligible++;
    const target = index < ARCHIVE_DAYS ? archive : window;
    let left = lines[index] as number;
    while (left > 0 && eligible > 0) {
      // The customer: a weighted pick among those who had joined (binary search of the prefix).
      const point = random() * (cumulative[eligible - 1] as number);
      let low = 0;
      let high = eligible - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((cumulative[middle] as number) > point) high = middle;
        else low = middle + 1;
      }
      const customer = customers[low] as Customer;
      customer.lastOrderMs = dayMs;
      const channel = channelFor(customer.segment, progress, random);
      const orderId = `SO-${++orderNumber}`;
      const count = Math.min(left, linesPerOrder(random));
      left -= count;
      for (let line = 0; line < count; line++) {
        const category = categoryOf[customer.country.region](random);
        const [product, listPrice] = (
          productOf.get(category) as (random: Random) => Category["products"][number]
        )(random);
        const [fewest, most] = SEGMENT_QUANTITY[customer.segment];
        // Dear products are bought in smaller quantities.
        const quantity = Math.max(1, Math.round(logBetween(random, fewest, most) / (listPrice > 90 ? 4 : 1)));
        const unitPrice = round2(listPrice * priceFactor);
        let discount = discountOf[customer.segment](random);
        if (channel === "Partner") discount += 0.05;
        if (promotion && channel === "Online") discount += 0.1;
        discount = round2(Math.min(discount, 0.3));
        const revenue = round2(quantity * unitPrice * (1 - discount));
        const cost = round2(quantity * unitPrice * (1 - category.margin) * noise(random, 0.06));
        const returnRate =
          0.018 + (channel === "Online" ? 0.03 : 0) + (category.name === "Dairy Products" ? 0.012 : 0);
        const row: DataValue[] = [
          date,
          orderId,
          customer.country.region,
          customer.country.name,
          channel,
          category.name,
          product,
          customer.id,
          customer.segment,
          quantity,
          unitPrice,
          revenue,
          cost,
          round2(revenue - cost),
          discount,
          random() < returnRate,
        ];
        // The archive predates the recording of returns.
        if (target === archive) row.pop();
        target.push(row);
      }
    }
  }
  return { archive, window };
}

/** The columns of «Customers»; the region, country and segment are the orders' (no name repeats a «Sales orders» column but CustomerId, the key of «Orders with customers»). */
export const CUSTOMER_COLUMNS: DataColumn[] = [
  { name: "CustomerId", type: "Text" },
  { name: "CustomerName", type: "Text" },
  { name: "Industry", type: "Text" },
  { name: "City", type: "Text" },
  { name: "AccountManager", type: "Text" },
  { name: "CustomerSince", type: "Date" },
  { name: "CreditLimit", type: "Number" },
  { name: "Active", type: "Boolean" },
];

function customerRows(customers: readonly Customer[], endMs: number): DataValue[][] {
  // Active: ordered within the last 120 days of the window.
  return customers.map((customer) => [
    customer.id,
    customer.name,
    customer.industry,
    customer.city,
    customer.manager,
    isoDay(customer.sinceMs),
    customer.creditLimit,
    customer.lastOrderMs >= endMs - 120 * DAY_MS,
  ]);
}

/** The columns of «Support tickets». */
export const SUPPORT_TICKET_COLUMNS: DataColumn[] = [
  { name: "TicketId", type: "Text" },
  { name: "CreatedAt", type: "Date" },
  { name: "Priority", type: "Text" },
  { name: "Category", type: "Text" },
  { name: "Channel", type: "Text" },
  { name: "Status", type: "Text" },
  { name: "FirstResponseHours", type: "Number" },
  { name: "ResolutionHours", type: "Number" },
  { name: "Satisfaction", type: "Number" },
  { name: "Agent", type: "Text" },
];

const PRIORITY_FACTOR = { Low: 1.4, Normal: 1, High: 0.6, Urgent: 0.3 } as const;
type Priority = keyof typeof PRIORITY_FACTOR;
/** Resolution hours by category (log-uniform range). */
const RESOLUTION_HOURS: Record<string, [number, number]> = {
  "Account access": [1, 10],
  Billing: [6, 60],
  Delivery: [10, 110],
  "Product quality": [20, 160],
  "Ordering portal": [3, 40],
};
/** First response hours by channel (log-uniform range): phone and chat are answered live. */
const FIRST_RESPONSE_HOURS: Record<string, [number, number]> = {
  Phone: [0.02, 0.25],
  Chat: [0.05, 0.8],
  Email: [1, 22],
  "Web form": [2, 30],
};
/** The support agents, each with how fast they resolve and how customers rate them. */
const AGENTS: readonly (readonly [name: string, speed: number, rating: number])[] = [
  ["Ava Moreno", 0.8, 0.3],
  ["Ben Okafor", 1.0, 0.1],
  ["Chloé Martin", 0.9, 0.25],
  ["Daniel Weber", 1.25, -0.3],
  ["Emma Jansen", 0.85, 0.2],
  ["Farid Haddad", 1.1, -0.05],
  ["Grace Liu", 0.75, 0.35],
  ["Hugo Silva", 1.15, -0.15],
  ["Isla Novak", 1.0, 0.0],
  ["Jonas Berg", 1.3, -0.35],
];

function supportRows(startMs: number, now: number): DataValue[][] {
  const random = mulberry32(0x4e57_0003);
  const weights = Array.from({ length: DEMO_WINDOW_DAYS }, (_, day) => {
    const date = new Date(startMs + day * DAY_MS);
    const weekday = [0.35, 1.35, 1.15, 1.05, 1.0, 0.95, 0.4][date.getUTCDay()] as number;
    const season = date.getUTCMonth() === 11 ? 1.3 : date.getUTCMonth() === 0 ? 1.15 : 1;
    return (1 + 0.5 * (day / DEMO_WINDOW_DAYS)) * weekday * season * noise(random, 0.2) * dayShare(now, day);
  });
  const perDay = apportion(weights, SUPPORT_TICKET_ROWS);
  const priority = weighted<Priority>([
    ["Low", 30],
    ["Normal", 45],
    ["High", 18],
    ["Urgent", 7],
  ]);
  const category = weighted([
    ["Delivery", 28],
    ["Billing", 20],
    ["Product quality", 18],
    ["Account access", 14],
    ["Ordering portal", 20],
  ]);
  const channel = weighted([
    ["Email", 38],
    ["Chat", 27],
    ["Phone", 20],
    ["Web form", 15],
  ]);
  const agent = weighted(AGENTS.map((entry) => [entry, 1] as const));
  const rows: DataValue[][] = [];
  let ticketNumber = 10_000;
  for (let day = 0; day < DEMO_WINDOW_DAYS; day++) {
    const dayMs = startMs + day * DAY_MS;
    // Today only up to now; business hours are the busiest.
    const dayLength = Math.min(DAY_MS, now - dayMs);
    const progress = day / DEMO_WINDOW_DAYS;
    for (let n = 0; n < (perDay[day] as number); n++) {
      let hour = random() < 0.8 ? between(random, 8, 18) : between(random, 0, 24);
      if (hour * HOUR_MS >= dayLength) hour = random() * (dayLength / HOUR_MS);
      const createdMs = dayMs + Math.floor(hour * HOUR_MS);
      const ageHours = (now - createdMs) / HOUR_MS;
      const kind = priority(random);
      const topic = category(random);
      const via = channel(random);
      const [name, speed, rating] = agent(random);
      // The team answers faster over the window (more agents, better tooling).
      const [firstLow, firstHigh] = FIRST_RESPONSE_HOURS[via] as [number, number];
      const firstResponse = round2(
        logBetween(random, firstLow, firstHigh) * PRIORITY_FACTOR[kind] * (1.3 - 0.5 * progress),
      );
      const statusRoll = random();
      const status =
        ageHours < 48
          ? statusRoll < 0.5
            ? "Open"
            : statusRoll < 0.75
              ? "Pending"
              : "Resolved"
          : ageHours < 240
            ? statusRoll < 0.12
              ? "Open"
              : statusRoll < 0.35
                ? "Pending"
                : statusRoll < 0.8
                  ? "Resolved"
                  : "Closed"
            : statusRoll < 0.92
              ? "Closed"
              : "Resolved";
      const done = status === "Resolved" || status === "Closed";
      const [resolveLow, resolveHigh] = RESOLUTION_HOURS[topic] as [number, number];
      const resolution = done
        ? round2(
            Math.min(
              Math.max(
                firstResponse + 0.1,
                logBetween(random, resolveLow, resolveHigh) * PRIORITY_FACTOR[kind] * speed,
              ),
              ageHours,
            ),
          )
        : null;
      let satisfaction: number | null = null;
      if (resolution !== null && random() < 0.62) {
        const score =
          4.3 - 0.9 * Math.log10(Math.max(1, resolution) / 4) + rating + (random() + random() - 1) * 2.4;
        satisfaction = Math.min(5, Math.max(1, Math.round(score)));
      }
      rows.push([
        `T-${++ticketNumber}`,
        isoSecond(createdMs),
        kind,
        topic,
        via,
        status,
        firstResponse <= ageHours ? firstResponse : null,
        resolution,
        satisfaction,
        name,
      ]);
    }
  }
  return rows;
}

/** The columns of «Marketing daily» (one row per day and channel). */
export const MARKETING_COLUMNS: DataColumn[] = [
  { name: "Date", type: "Date" },
  { name: "Channel", type: "Text" },
  { name: "Spend", type: "Number" },
  { name: "Visits", type: "Number" },
  { name: "Signups", type: "Number" },
];

/** Per channel: spend per day, cost per visit, signups per visit. */
const MARKETING_CHANNELS: readonly (readonly [
  name: string,
  spend: number,
  costPerVisit: number,
  conversion: number,
])[] = [
  ["Paid search", 1_800, 0.9, 0.034],
  ["Social", 1_100, 0.6, 0.018],
  ["Email", 160, 0.05, 0.052],
  ["Display", 700, 1.4, 0.008],
  ["Affiliates", 420, 0.75, 0.029],
];

function marketingRows(startMs: number): DataValue[][] {
  const random = mulberry32(0x4e57_0004);
  const rows: DataValue[][] = [];
  for (let day = 0; day < DEMO_WINDOW_DAYS; day++) {
    const date = new Date(startMs + day * DAY_MS);
    const month = date.getUTCMonth();
    const weekday = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.7 : 1;
    const growth = 1 + 0.35 * (day / DEMO_WINDOW_DAYS);
    for (const [name, spend, costPerVisit, conversion] of MARKETING_CHANNELS) {
      // A spring social campaign and the year-end push on search.
      const campaign =
        (name === "Social" && (month === 3 || month === 4) ? 1.8 : 1) *
        (name === "Paid search" && month >= 10 ? 1.4 : 1);
      const todaySpend = round2(
        spend * growth * campaign * weekday * (ORDER_SEASON[month] as number) * noise(random, 0.25),
      );
      // Spending more buys dearer visits (diminishing returns); e-mail visits come from the list.
      const visits = Math.round((todaySpend / costPerVisit) * campaign ** -0.25 * noise(random, 0.2));
      const signups = Math.round(
        visits * conversion * (1 + 0.2 * (day / DEMO_WINDOW_DAYS)) * noise(random, 0.3),
      );
      rows.push([isoDay(date.getTime()), name, todaySpend, visits, signups]);
    }
  }
  return rows;
}

/** Generates every table of the demo for the seed's clock. */
export function northwindData(now: number): NorthwindData {
  const startMs = windowStartMs(now);
  const customers = generateCustomers(startMs);
  const orders = generateOrders(now, customers);
  return {
    salesOrders: { columns: SALES_ORDER_COLUMNS, rows: orders.window },
    salesArchive: { columns: SALES_ARCHIVE_COLUMNS, rows: orders.archive },
    customers: {
      columns: CUSTOMER_COLUMNS,
      rows: customerRows(customers, startMs + (DEMO_WINDOW_DAYS - 1) * DAY_MS),
    },
    supportTickets: { columns: SUPPORT_TICKET_COLUMNS, rows: supportRows(startMs, now) },
    marketingDaily: { columns: MARKETING_COLUMNS, rows: marketingRows(startMs) },
  };
}
