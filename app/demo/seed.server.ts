import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword, passwordHashParams } from "~/auth/password.server";
import { insertUser } from "~/auth/users.server";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import { type Actor, actorLabel } from "~/domain/activity";
import { addBillingPeriod } from "~/domain/billing";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { combinations } from "~/domain/variants";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { processImage } from "~/media/images.server";
import { encodePng } from "~/media/png";
import { preparedImage, putAll } from "~/media/uploads.server";
import { insertPhoto } from "~/products/photos.server";
import { productFilesPrefix } from "~/products/product-files.server";
import { insertProduct, replaceVariantsStatements, updateProduct } from "~/products/products.server";
import type { Services } from "~/services/services";
import { addDeliveryRow } from "~/stores/delivery-settings.server";
import { acceptInvitation, findInvitation, inviteMember } from "~/team/members.server";
import { writeStoreQr } from "~/workspace/store-qr.server";
import { insertStore, saveStoreSettings, updateStore } from "~/workspace/store-record.server";
import { products, stores, users } from "../../db/schema";
import { drawPicture, type PictureSpec } from "./pictures";

export const DEMO_MERCHANT = {
  email: "demo@vitrina.local",
  password: "vitrina-demo-2026",
  name: "Ana",
  lastname: "Demo",
} as const;
export const DEMO_STORE = { name: "Demo", url: "demo" } as const;
/** The demo store's staff member, in 'Ventas': signs in to see the workspace as a member does. */
export const DEMO_STAFF = {
  email: "ventas@vitrina.local",
  password: "vitrina-ventas-2026",
  name: "Bruno",
  lastname: "Ventas",
} as const;
/** The demo store's discount code: 10 %, active, no dates, no minimum, no use limit. */
export const DEMO_DISCOUNT_CODE = "BIENVENIDA";
/** The demo product whose page shows a gallery of 4 photos. */
export const DEMO_GALLERY_PRODUCT = "Taza de cerámica artesanal";

const DEMO_PRODUCTS: Array<{
  name: string;
  price: number;
  stock: number;
  category: number;
  description: string;
  picture: PictureSpec;
  /** More photos after the cover: the product's gallery. */
  morePictures?: PictureSpec[];
}> = [
  {
    name: DEMO_GALLERY_PRODUCT,
    price: 1250,
    stock: 12,
    category: 4,
    description: "Taza de 350 ml hecha a mano, apta para lavavajillas.",
    picture: { shape: "mug", hue: 14, backdropHue: 200 },
    morePictures: [
      { shape: "mug", hue: 14, backdropHue: 40 },
      { shape: "mug", hue: 200, backdropHue: 320 },
      { shape: "mug", hue: 120, backdropHue: 60 },
    ],
  },
  {
    name: "Café de Colombia 500 g",
    price: 990,
    stock: 30,
    category: 1,
    description: "Café de origen, tostión media, molido o en grano.",
    picture: { shape: "box", hue: 28, backdropHue: 40 },
  },
  {
    name: "Bolso tejido wayuu",
    price: 4500,
    stock: 4,
    category: 3,
    description: "Mochila tejida a mano en La Guajira.",
    picture: { shape: "bag", hue: 330, backdropHue: 180 },
  },
  {
    name: "Balón de fútbol",
    price: 2200,
    stock: 8,
    category: 6,
    description: "Balón talla 5 cosido a máquina.",
    picture: { shape: "ball", hue: 210, backdropHue: 100 },
  },
  {
    name: "Botella térmica 750 ml",
    price: 1800,
    stock: 15,
    category: 6,
    description: "Mantiene frío 24 h y caliente 12 h.",
    picture: { shape: "bottle", hue: 160, backdropHue: 20 },
  },
  {
    name: "Suculenta en maceta",
    price: 650,
    stock: 20,
    category: 15,
    description: "Planta de interior de bajo mantenimiento.",
    picture: { shape: "plant", hue: 110, backdropHue: 280 },
  },
];

/** Products seeded at an earlier price or stock, then edited to their own by the owner: entries in 'Actividad'. */
const DEMO_EARLIER: Record<string, { price?: number; stock?: number }> = {
  "Café de Colombia 500 g": { price: 890 },
  "Bolso tejido wayuu": { stock: 7 },
};
const DEMO_LOCATION = "Bogotá, Colombia";

// Drawn larger than any picture the pipeline keeps (a 450-px logo, 400-px products), so it resizes them as it does a
// phone's photo; larger sources only cost the first start more time.
const SOURCE_SIZE = 800;

async function storedPicture(services: Services, prefix: string, picture: PictureSpec, height: number, brand = false) {
  const source = encodePng(drawPicture(picture, SOURCE_SIZE, SOURCE_SIZE), SOURCE_SIZE, SOURCE_SIZE);
  const image = preparedImage(await processImage(source, height, { brand }), prefix);
  await putAll(services.files, [image]);
  return { key: image.key, width: image.width, height: image.height, palette: image.palette ?? [] };
}

/** Seeds the demo merchant and the store 'Demo' with products, only when the merchant is missing. */
export async function seedDemo(services: Services): Promise<{ created: boolean }> {
  const { db, clock, config } = services;
  const existing = await db.query.users.findFirst({ where: eq(users.email, DEMO_MERCHANT.email) });
  if (existing) return { created: false };
  const now = clock.now();
  const userId = crypto.randomUUID();
  await insertUser(db, {
    id: userId,
    name: DEMO_MERCHANT.name,
    lastname: DEMO_MERCHANT.lastname,
    email: DEMO_MERCHANT.email,
    passwordHash: await hashPassword(DEMO_MERCHANT.password, passwordHashParams(config)),
    accountCreated: true,
    trialStarted: true,
    plan: "standard",
    billingPeriod: "monthly",
    storesLimit: 1,
    billTotal: 499,
    billDueAt: addBillingPeriod(now, "monthly"),
    createdAt: now,
  });
  const store = await insertStore(
    db,
    {
      ownerId: userId,
      name: DEMO_STORE.name,
      url: DEMO_STORE.url,
      category: 11,
      description: "Tienda de demostración de Vitrina: productos hechos en América Latina.",
      mainTitle: "Bienvenido a Demo",
      storeTitle: "Nuestros productos",
      country: "CO",
      saleNumber: "573001234567",
      attentionNumber: "573001234567",
      // Made DEMO_LOCATION by the history's last entry.
      location: "Bogotá",
    },
    now,
  );
  const qr = await writeStoreQr(services.files, config.APP_ORIGIN, store.id);
  const logo = await storedPicture(
    services,
    `stores/${store.id}/logo`,
    { shape: "box", hue: 260, backdropHue: 260 },
    IMAGE_HEIGHTS.logo,
    true,
  );
  await updateStore(
    db,
    store.id,
    {
      ...qr,
      logoKey: logo.key,
      logoColors: JSON.stringify(logo.palette),
      logoBrandImages: true,
      logoTabIcon: true,
      arrangeEnabled: true,
    },
    now,
  );
  const actor = { userId, label: actorLabel(DEMO_MERCHANT) };
  // 'Actividad' reads as a week of work: the delivery set up, the discount made, the team and the edits after.
  await seedDelivery(services, actor, store.id, hoursAgo(now, 6 * 24));
  for (const [index, item] of DEMO_PRODUCTS.entries()) {
    const productId = randomDigits(ID_DIGITS.product);
    const image = await storedPicture(services, productFilesPrefix(store.id, productId), item.picture, IMAGE_HEIGHTS.product);
    await insertProduct(
      db,
      {
        id: productId,
        storeId: store.id,
        name: item.name,
        price: DEMO_EARLIER[item.name]?.price ?? item.price,
        stock: DEMO_EARLIER[item.name]?.stock ?? item.stock,
        category: item.category,
        description: item.description,
        imageKey: image.key,
        imageWidth: image.width,
        imageHeight: image.height,
        filename: `${productId}.jpg`,
      },
      new Date(now.getTime() - (DEMO_PRODUCTS.length - index) * 60_000),
    );
    for (const [position, picture] of (item.morePictures ?? []).entries()) {
      const photo = await storedPicture(services, productFilesPrefix(store.id, productId), picture, IMAGE_HEIGHTS.product);
      await insertPhoto(db, { id: productId, storeId: store.id }, position + 1, {
        key: photo.key,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        filename: `${productId}-${position + 2}.jpg`,
      });
    }
  }
  await seedShirtWithVariants(services, store.id, now);
  await createDiscountCode(
    db,
    actor,
    store.id,
    {
      code: DEMO_DISCOUNT_CODE,
      kind: "percent",
      value: 10,
      minPurchase: null,
      startsOn: null,
      endsOn: null,
      maxUses: null,
      active: true,
    },
    hoursAgo(now, 5 * 24),
  );
  await seedHistory(services, store.id, now);
  return { created: true };
}

/**
 * Where the demo delivers (USD, its products cost $6.50 to $45): a near zone, a far one with a minimum
 * order and free delivery from $60, and one pickup point.
 */
async function seedDelivery(services: Services, actor: Actor, storeId: string, now: Date) {
  const { db } = services;
  await addDeliveryRow(db, actor, storeId, "zone", { name: "Centro", fee: 300, minOrder: null, freeFrom: null }, now);
  await addDeliveryRow(db, actor, storeId, "zone", { name: "Afueras", fee: 700, minOrder: 2000, freeFrom: 6000 }, now);
  await addDeliveryRow(
    db,
    actor,
    storeId,
    "pickup",
    { name: "Local Chapinero", address: "Calle 57 #9-31, Bogotá", hours: "Lun a sáb, 9 a 18 h" },
    now,
  );
}

/**
 * The demo's product with options: a T-shirt in three sizes and two colours, a photo per colour, the
 * blue one dearer, one combination sold out and one not made.
 */
async function seedShirtWithVariants(services: Services, storeId: string, now: Date) {
  const { db } = services;
  const productId = randomDigits(ID_DIGITS.product);
  const prefix = productFilesPrefix(storeId, productId);
  const red = await storedPicture(services, prefix, { shape: "shirt", hue: 356, backdropHue: 210 }, IMAGE_HEIGHTS.product);
  const blue = await storedPicture(services, prefix, { shape: "shirt", hue: 222, backdropHue: 40 }, IMAGE_HEIGHTS.product);
  const options = [
    { name: "Talla", values: ["S", "M", "L"] },
    { name: "Color", values: ["Rojo", "Azul"] },
  ];
  const sku = (talla: string, color: string) => `CAM-${talla}-${color.slice(0, 3).toUpperCase()}`;
  await insertProduct(
    db,
    {
      id: productId,
      storeId,
      indexed: { options, skus: combinations(options).map(([talla = "", color = ""]) => sku(talla, color)) },
      name: "Camiseta estampada",
      price: 2000,
      stock: 0,
      category: 2,
      description: "Camiseta de algodón peinado con estampado hecho a mano. Elige talla y color.",
      imageKey: red.key,
      imageWidth: red.width,
      imageHeight: red.height,
      filename: "camiseta-roja.jpg",
    },
    // The oldest of the demo's products: the newest-first lists keep their order.
    new Date(now.getTime() - (DEMO_PRODUCTS.length + 1) * 60_000),
  );
  const bluePhoto = await insertPhoto(db, { id: productId, storeId }, 1, {
    key: blue.key,
    width: blue.width ?? 0,
    height: blue.height ?? 0,
    filename: "camiseta-azul.jpg",
  });
  const stock: Record<string, number> = { "S/Rojo": 6, "S/Azul": 4, "M/Rojo": 8, "M/Azul": 5, "L/Rojo": 0, "L/Azul": 3 };
  const drafts = combinations(options).map(([talla = "", color = ""]) => ({
    values: [talla, color],
    price: color === "Azul" ? 2200 : null,
    sku: sku(talla, color),
    stock: stock[`${talla}/${color}`] ?? 0,
    // Large blue shirts are not made this season.
    enabled: !(talla === "L" && color === "Azul"),
    photoId: color === "Azul" ? bluePhoto.id : null,
  }));
  await db.batch(replaceVariantsStatements(db, storeId, productId, options, drafts, 0) as [BatchItem<"sqlite">]);
}

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600_000);

/**
 * The demo's team and history, through the workspace's own writers at past times: the owner invites a 'Ventas'
 * member who joins, then changes a price and a stock and saves the store's information.
 */
async function seedHistory(services: Services, storeId: string, now: Date) {
  const { db, config } = services;
  const [owner, store] = await db.batch([
    db.select().from(users).where(eq(users.email, DEMO_MERCHANT.email)).limit(1),
    db.select().from(stores).where(eq(stores.id, storeId)).limit(1),
  ]);
  if (!owner[0] || !store[0]) throw new Error("demo merchant or store missing");
  const actor = { userId: owner[0].id, label: actorLabel(owner[0]) };
  const invitedAt = hoursAgo(now, 93);
  // The invitation's mail is not sent: the address is the demo's own, and a staging demo must not mail it.
  const link = await inviteMember(
    { ...services, clock: { now: () => invitedAt }, mail: { send: async () => {} } },
    store[0],
    owner[0],
    { email: DEMO_STAFF.email, role: "sales" },
  );
  const joinedAt = hoursAgo(now, 91);
  const invitation = await findInvitation(db, link.slice(link.lastIndexOf("/") + 1), joinedAt);
  if (!invitation) throw new Error("demo invitation missing");
  const staffId = crypto.randomUUID();
  await insertUser(db, {
    id: staffId,
    name: DEMO_STAFF.name,
    lastname: DEMO_STAFF.lastname,
    email: DEMO_STAFF.email,
    passwordHash: await hashPassword(DEMO_STAFF.password, passwordHashParams(config)),
    accountCreated: true,
    trialStarted: false,
    createdAt: joinedAt,
  });
  await acceptInvitation(db, invitation, staffId, joinedAt);

  // Each product seeded at its earlier value (DEMO_EARLIER) is set to its own: the demo ends as its list says.
  for (const [index, productName] of Object.keys(DEMO_EARLIER).entries()) {
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.name, productName)))
      .limit(1);
    const item = DEMO_PRODUCTS.find((p) => p.name === productName);
    if (!product || !item) throw new Error(`demo product missing: ${productName}`);
    const { name, description, category, compareAtPrice, published } = product;
    const input = { name, description, category, compareAtPrice, published, price: item.price, stock: item.stock };
    await updateProduct(db, actor, { product, variantsBefore: [] }, input, null, hoursAgo(now, 70 - index * 28));
  }
  await saveStoreSettings(db, actor, store[0], { location: DEMO_LOCATION }, "storeInfoChanged", hoursAgo(now, 3));
}
