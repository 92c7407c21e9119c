// The spec's sample data, extended so that every public list has enough rows to page and filter.
// Images are local SVGs under /demo so the demo works offline.

const DAY = 24 * 60 * 60 * 1000;

export const demoStores = [
  { key: "amazon", name: "Amazon", slug: "amazon", apiType: "amazon_pa" as const },
  { key: "bestbuy", name: "Best Buy", slug: "bestbuy", apiType: "manual" as const },
  { key: "target", name: "Target", slug: "target", apiType: "manual" as const },
  { key: "walmart", name: "Walmart", slug: "walmart", apiType: "manual" as const },
].map((store) => ({ ...store, logoUrl: `/demo/store-${store.key}.svg` }));

export type DemoStoreKey = (typeof demoStores)[number]["key"];

export const demoCategories = [
  { key: "electronics", name: "Electronics", slug: "electronics", description: "Phones, audio, TVs and gaming." },
  { key: "home", name: "Home & Garden", slug: "home-garden", description: "Kitchen, cleaning and outdoor." },
  { key: "baby", name: "Baby & Kids", slug: "baby-kids", description: "Strollers, toys and clothes." },
  { key: "fashion", name: "Fashion", slug: "fashion", description: "Clothing, shoes and accessories." },
] as const;

export type DemoCategoryKey = (typeof demoCategories)[number]["key"];

interface DemoDeal {
  key: string;
  title: string;
  shortDescription: string;
  image: string;
  current: number;
  original: number | null;
  store: DemoStoreKey;
  category: DemoCategoryKey;
  rating?: number;
  reviews?: number;
  expiresInDays?: number;
  hot?: boolean;
  featured?: boolean;
  status?: "draft" | "published";
  affiliateUrl: string;
}

export const demoDeals: DemoDeal[] = [
  // The spec's three samples (22, 29 and 14 percent off).
  {
    key: "tablet",
    title: "Samsung Galaxy Tab S9 FE 10.9-inch Tablet, 128GB",
    shortDescription: "Bright 10.9-inch display, S Pen included and all-day battery.",
    image: "tablet",
    current: 349.99,
    original: 449.99,
    store: "amazon",
    category: "electronics",
    rating: 4.6,
    reviews: 2843,
    expiresInDays: 2,
    hot: true,
    featured: true,
    affiliateUrl: "https://www.amazon.com/dp/B0CFZ2X5V4?tag=dealdash-20",
  },
  {
    key: "headphones",
    title: "Sony WH-1000XM5 Wireless Noise-Cancelling Headphones",
    shortDescription: "Industry-leading noise cancellation with 30-hour battery life.",
    image: "headphones",
    current: 284.99,
    original: 399.99,
    store: "bestbuy",
    category: "electronics",
    rating: 4.7,
    reviews: 15672,
    expiresInDays: 5,
    hot: true,
    featured: true,
    affiliateUrl: "https://www.bestbuy.com/site/sony-wh-1000xm5/6505727.p",
  },
  {
    key: "console",
    title: "PlayStation 5 Slim Gaming Console",
    shortDescription: "The slimmer PS5 with a 1TB SSD and a DualSense controller.",
    image: "console",
    current: 429.99,
    original: 499.99,
    store: "walmart",
    category: "electronics",
    rating: 4.8,
    reviews: 9821,
    expiresInDays: 1,
    hot: true,
    affiliateUrl: "https://www.walmart.com/ip/PlayStation-5-Slim/5113183757",
  },
  {
    key: "pressure-cooker",
    title: "Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Quart",
    shortDescription: "Pressure cooker, slow cooker, rice cooker and steamer in one.",
    image: "pressure-cooker",
    current: 59.99,
    original: 99.99,
    store: "target",
    category: "home",
    rating: 4.7,
    reviews: 31210,
    affiliateUrl: "https://www.target.com/p/instant-pot-duo-6qt/-/A-14677356",
  },
  {
    key: "vacuum",
    title: "Dyson V8 Cordless Stick Vacuum",
    shortDescription: "Powerful suction, 40 minutes of run time and a whole-machine filter.",
    image: "vacuum",
    current: 299.99,
    original: 469.99,
    store: "amazon",
    category: "home",
    rating: 4.4,
    reviews: 6120,
    expiresInDays: 3,
    affiliateUrl: "https://www.amazon.com/dp/B01IENFJ14?tag=dealdash-20",
  },
  {
    key: "stroller",
    title: "Graco Modes Pramette Travel System Stroller",
    shortDescription: "Converts from pram to toddler seat, with an infant car seat.",
    image: "stroller",
    current: 249.99,
    original: 349.99,
    store: "target",
    category: "baby",
    rating: 4.5,
    reviews: 1875,
    affiliateUrl: "https://www.target.com/p/graco-modes-pramette/-/A-54556367",
  },
  {
    key: "jeans",
    title: "Levi's Men's 511 Slim Fit Jeans",
    shortDescription: "Classic slim fit in stretch denim, many washes.",
    image: "jeans",
    current: 39.99,
    original: 69.5,
    store: "amazon",
    category: "fashion",
    rating: 4.5,
    reviews: 48210,
    affiliateUrl: "https://www.amazon.com/dp/B0018OKX68?tag=dealdash-20",
  },
  {
    key: "earbuds",
    title: "Apple AirPods Pro 2 with USB-C Charging Case",
    shortDescription: "Active noise cancellation, adaptive audio and spatial sound.",
    image: "earbuds",
    current: 189.99,
    original: 249,
    store: "amazon",
    category: "electronics",
    rating: 4.7,
    reviews: 102334,
    hot: true,
    affiliateUrl: "https://www.amazon.com/dp/B0CHWRXH8B?tag=dealdash-20",
  },
  {
    key: "air-fryer",
    title: "Ninja Air Fryer Pro 4-in-1, 5 Quart",
    shortDescription: "Air fry, roast, reheat and dehydrate with little to no oil.",
    image: "air-fryer",
    current: 89,
    original: 129.99,
    store: "walmart",
    category: "home",
    rating: 4.8,
    reviews: 20512,
    expiresInDays: 6,
    affiliateUrl: "https://www.walmart.com/ip/Ninja-Air-Fryer-Pro/1062876012",
  },
  {
    key: "bricks",
    title: "LEGO Classic Large Creative Brick Box",
    shortDescription: "790 pieces in 33 colours for open-ended building.",
    image: "bricks",
    current: 34.99,
    original: 59.99,
    store: "target",
    category: "baby",
    rating: 4.9,
    reviews: 7310,
    affiliateUrl: "https://www.target.com/p/lego-classic-large-creative-brick-box/-/A-53045126",
  },
  {
    key: "shoes",
    title: "Nike Revolution 7 Women's Road Running Shoes",
    shortDescription: "Soft foam cushioning and a breathable mesh upper.",
    image: "shoes",
    current: 52.97,
    original: 70,
    store: "amazon",
    category: "fashion",
    rating: 4.6,
    reviews: 3120,
    affiliateUrl: "https://www.amazon.com/dp/B0CQRYD9N3?tag=dealdash-20",
  },
  {
    key: "ereader",
    title: "Kindle Paperwhite 16GB with 7-inch Glare-Free Display",
    shortDescription: "Faster page turns, warm light and weeks of battery.",
    image: "ereader",
    current: 124.99,
    original: 159.99,
    store: "amazon",
    category: "electronics",
    rating: 4.7,
    reviews: 18922,
    affiliateUrl: "https://www.amazon.com/dp/B0CFPJYX7P?tag=dealdash-20",
  },
  {
    key: "tv",
    title: "LG 55-inch Class OLED evo C4 4K Smart TV",
    shortDescription: "Perfect blacks, 144Hz refresh and Dolby Vision gaming.",
    image: "tv",
    current: 1096.99,
    original: 1499.99,
    store: "bestbuy",
    category: "electronics",
    rating: 4.8,
    reviews: 1204,
    expiresInDays: 4,
    affiliateUrl: "https://www.bestbuy.com/site/lg-55-class-c4-oled/6578570.p",
  },
  {
    key: "toothbrush",
    title: "Philips Sonicare 4100 Rechargeable Electric Toothbrush",
    shortDescription: "Pressure sensor, two-minute timer and a 14-day battery.",
    image: "toothbrush",
    current: 49.96,
    original: 79.99,
    store: "walmart",
    category: "home",
    rating: 4.6,
    reviews: 40231,
    affiliateUrl: "https://www.walmart.com/ip/Philips-Sonicare-4100/598264913",
  },
  {
    key: "baby-clothes",
    title: "Carter's Baby 3-Pack Cotton Sleep & Play",
    shortDescription: "Soft cotton footed sleepers with easy zip fronts.",
    image: "baby-clothes",
    current: 18,
    original: 30,
    store: "target",
    category: "baby",
    rating: 4.8,
    reviews: 2211,
    affiliateUrl: "https://www.target.com/p/carter-s-baby-3pk-sleep-play/-/A-88301122",
  },
  {
    key: "smartwatch-draft",
    title: "Unannounced Smartwatch (draft)",
    shortDescription: "An unpublished deal: the public site must never show it.",
    image: "smartwatch",
    current: 199,
    original: null,
    store: "bestbuy",
    category: "electronics",
    status: "draft",
    affiliateUrl: "https://www.bestbuy.com/",
  },
];

export const demoCoupons = [
  {
    key: "sitewide-20",
    title: "20% Off Sitewide",
    description: "Take 20 percent off almost everything, including sale items.",
    store: "target" as DemoStoreKey,
    code: "SAVE20",
    discountType: "percentage" as const,
    discountValue: 20,
    validUntilDays: 30,
    featured: true,
    affiliateUrl: "https://www.target.com/",
  },
  {
    key: "fifty-off-200",
    title: "$50 Off Orders Over $200",
    description: "Save $50 when you spend $200 or more on electronics.",
    store: "bestbuy" as DemoStoreKey,
    code: "TECH50",
    discountType: "fixed" as const,
    discountValue: 50,
    validUntilDays: 14,
    terms: "Minimum order $200 before tax. One use per customer.",
    affiliateUrl: "https://www.bestbuy.com/",
  },
  {
    key: "no-code",
    title: "10% Off Baby Essentials",
    description: "No code needed: the discount applies at checkout through this link.",
    store: "amazon" as DemoStoreKey,
    code: null,
    discountType: "percentage" as const,
    discountValue: 10,
    validUntilDays: null,
    affiliateUrl: "https://www.amazon.com/b?node=165796011&tag=dealdash-20",
  },
  {
    key: "expired",
    title: "15% Off Kitchen Appliances",
    description: "Fifteen percent off small kitchen appliances.",
    store: "walmart" as DemoStoreKey,
    code: "KITCHEN15",
    discountType: "percentage" as const,
    discountValue: 15,
    validUntilDays: -3,
    affiliateUrl: "https://www.walmart.com/",
  },
];

export const demoGiftIdeas = [
  {
    title: "Tech Gifts Dad Will Actually Use",
    slug: "tech-gifts-for-dad",
    description: "Noise-cancelling headphones for his commute and his quiet time.",
    longDescription: "A gift he will use every day: long battery life, great sound and calm on demand.",
    image: "gift-dad",
    productUrl: "https://www.bestbuy.com/site/sony-wh-1000xm5/6505727.p",
    store: "bestbuy" as DemoStoreKey,
    price: 284.99,
    rating: 4.7,
    totalReviews: 15672,
    tags: ["audio", "travel", "tech"],
    occasion: "fathers-day" as const,
    audienceType: "men" as const,
    featured: true,
  },
  {
    title: "Cozy Gifts for Her",
    slug: "cozy-gifts-for-her",
    description: "A warm, soft and quietly luxurious pick for chilly evenings.",
    longDescription: "Reading light, soft socks and a good e-reader: the cozy evening kit.",
    image: "gift-her",
    productUrl: "https://www.amazon.com/dp/B0CFPJYX7P?tag=dealdash-20",
    store: "amazon" as DemoStoreKey,
    price: 124.99,
    rating: 4.7,
    totalReviews: 18922,
    tags: ["reading", "cozy"],
    occasion: "christmas" as const,
    audienceType: "women" as const,
    featured: false,
  },
  {
    title: "Gifts for New Parents",
    slug: "gifts-for-new-parents",
    description: "Practical help for the first months: sleepers, strollers and sleep.",
    longDescription: "Things new parents reach for every day, chosen by parents who have been there.",
    image: "gift-parents",
    productUrl: "https://www.target.com/p/carter-s-baby-3pk-sleep-play/-/A-88301122",
    store: "target" as DemoStoreKey,
    price: 18,
    rating: 4.8,
    totalReviews: 2211,
    tags: ["baby", "practical"],
    occasion: "general" as const,
    audienceType: "parents" as const,
    featured: false,
  },
];

/** Guide content may reference deals by key; the seeder swaps `{{deal:key}}` for `[deal:<id>]`. */
export const demoGuides = [
  {
    title: "The Best Noise-Cancelling Headphones to Buy Now",
    slug: "best-noise-cancelling-headphones",
    excerpt: "We compared battery life, comfort and cancellation to find the pairs worth your money.",
    image: "guide-headphones",
    readTime: 8,
    featured: true,
    category: "electronics" as DemoCategoryKey,
    tags: ["headphones", "audio"],
    content: `<h2>What matters most</h2>
<p>Noise cancellation, comfort over long sessions and battery life decide which pair you will keep wearing.</p>
<h3>Our top pick</h3>
<p>{{deal:headphones}}</p>
<h3>Best earbuds</h3>
<p>{{deal:earbuds}}</p>
<ul><li><strong>Commuters:</strong> pick the strongest cancellation.</li><li><strong>Gym:</strong> pick water resistance.</li></ul>`,
  },
  {
    title: "How to Choose a Tablet in 2026",
    slug: "how-to-choose-a-tablet",
    excerpt: "Screen, storage, stylus and software: what to look for before you buy a tablet.",
    image: "guide-tablets",
    readTime: 6,
    featured: false,
    category: "electronics" as DemoCategoryKey,
    tags: ["tablets"],
    content: `<h2>Start with what you will do on it</h2>
<p>Reading and video need a good screen; notes and drawing need a stylus; work needs a keyboard.</p>
<ol><li>Pick a screen size.</li><li>Pick storage: 128GB is the sweet spot.</li><li>Check the update policy.</li></ol>`,
  },
  {
    title: "Kitchen Gadgets Worth the Counter Space",
    slug: "kitchen-gadgets-worth-it",
    excerpt: "Pressure cookers, air fryers and the small appliances that earn their place.",
    image: "guide-kitchen",
    readTime: 5,
    featured: false,
    category: "home" as DemoCategoryKey,
    tags: ["kitchen", "appliances"],
    content: `<h2>Fewer, better gadgets</h2>
<p>A multi-cooker and an air fryer cover most weeknight dinners.</p>
<p><em>Tip:</em> measure your counter before you buy.</p>`,
  },
];

export function daysFromNow(days: number, now = Date.now()): Date {
  return new Date(now + days * DAY);
}
