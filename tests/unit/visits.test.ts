// cspell:disable -- browsers' and robots' User-Agent strings, as they send them
import { describe, expect, it } from "vitest";
import { cartSource, parseCart, serializeCart } from "~/domain/cart";
import { translatorFor } from "~/domain/message-catalogs";
import { REFS, withRef } from "~/domain/referral";
import {
  addDays,
  change,
  dayStartMs,
  derivedRates,
  localDay,
  MAX_RANGE_DAYS,
  monthsAndDays,
  parsePeriod,
  periodBuckets,
} from "~/domain/statistics";
import { isPrefetch, isRobot, sourceLabel, storePageOf, visitSource } from "~/domain/visits";

const own = ["ana.localhost", "localhost"];
const source = (url: string, referrer: string | null = null) => visitSource(new URL(url).searchParams, referrer, own);

const es = translatorFor("es");

describe("a visit's source", () => {
  it("the links the platform makes carry their ref: each is its own source, the QR's 'Código QR'", () => {
    const store = "http://ana.localhost:3999/";
    expect(Object.values(REFS).map((ref) => source(withRef(store, ref)))).toEqual([
      "link",
      "whatsapp",
      "share",
      "qr",
      "instagram",
      "tiktok",
      "google-shopping",
      "meta-catalog",
    ]);
    expect(sourceLabel(source(withRef(store, REFS.qr)), es)).toBe("Código QR");
    expect(sourceLabel("google-shopping", es)).toBe("Google Shopping");
  });

  it("ref wins over utm_source, utm_source over utm_medium and utm_campaign; aliases and odd spellings are cleaned", () => {
    expect(source("http://x/?utm_source=Instagram&ref=tiktok")).toBe("tiktok");
    expect(source("http://x/?utm_medium=email&utm_source=FB")).toBe("facebook");
    expect(source("http://x/?utm_campaign=Black%20Friday!")).toBe("black-friday");
    expect(source("http://x/?utm_source=l.instagram.com")).toBe("instagram");
    expect(source("http://x/?ref=IG")).toBe("instagram");
    expect(source("http://x/?ref=Revista%20Semana%20%C3%A1")).toBe("revista-semana-a");
    expect(source(`http://x/?ref=${"a".repeat(80)}`)).toBe("a".repeat(30));
    expect(source("http://x/?ref=%20%20&utm_source=")).toBe("direct");
    // A ref named like an object's built-ins is a source like any other, labelled as written.
    for (const name of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const named = source(`http://x/?ref=${name}`);
      expect(named).toBe(name.toLowerCase());
      expect(sourceLabel(named, es)).toBe(name.toLowerCase());
    }
  });

  it("without a campaign, the referrer's host grouped: each network, Google of any country, other sites, direct", () => {
    const cases: [string, string][] = [
      ["https://l.instagram.com/?u=x", "instagram"],
      ["https://www.instagram.com/", "instagram"],
      ["android-app://com.instagram.android/", "instagram"],
      ["https://m.facebook.com/", "facebook"],
      ["https://lm.facebook.com/l.php", "facebook"],
      ["https://web.whatsapp.com/", "whatsapp"],
      ["https://wa.me/573001112233", "whatsapp"],
      ["https://www.tiktok.com/@ana", "tiktok"],
      ["https://www.google.com/", "google"],
      ["https://www.google.com.co/", "google"],
      ["android-app://com.google.android.googlequicksearchbox/", "google"],
      ["https://duckduckgo.com/", "other"],
      ["https://blog.ejemplo.com/post", "other"],
    ];
    expect(cases.map(([referrer]) => source("http://ana.localhost/", referrer))).toEqual(cases.map(([, s]) => s));
    expect(source("http://ana.localhost/", null)).toBe("direct");
    // A move inside the store is no new source.
    expect(source("http://ana.localhost/Store", "http://ana.localhost/")).toBe("direct");
  });
});

describe("robots, previews and prefetches", () => {
  it("crawlers and the apps' link previews are robots; browsers are not (headless Chrome included)", () => {
    const robots = [
      "WhatsApp/2.23.20.0 A",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
      "Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots",
      "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.31.0",
      "node",
      "",
      null,
    ];
    expect(robots.filter((ua) => !isRobot(ua))).toEqual([]);
    const browsers = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.33.116;]",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      // A phone brand whose name ends in 'bot', and the apps' own browsers (not their preview fetchers).
      "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Linux; Android 12; SM-A125M Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Snapchat/12.59.0.41 (like Safari/8617.2.4.10.8, panda)",
      "Mozilla/5.0 (Linux; Android 13; moto g32 Build/T1SNS33.73-22-3-6; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [Pinterest/Android]",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Telegram-iOS/10.3",
    ];
    expect(browsers.filter((ua) => isRobot(ua))).toEqual([]);
  });

  it("a prefetch or prerender is not a visit yet", () => {
    expect(isPrefetch(new Headers({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(new Headers({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(new Headers({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(new Headers({ "X-Moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(new Headers({ Accept: "text/html" }))).toBe(false);
  });
});

describe("page kinds", () => {
  it("every store page has its kind; a product's its id; files, feeds and unknown paths none", () => {
    expect(
      [
        "/site/ana",
        "/site/ana/",
        "/site/ana/Store",
        "/site/ana/Search",
        "/site/ana/Product/taza-azul/1234567",
        "/site/ana/Cart",
        "/site/ana/Checkout",
        "/site/ana/Order",
        "/site/ana/Order/1234567890",
      ].map((p) => storePageOf(p)),
    ).toEqual([
      { store: "ana", kind: "home", productId: "" },
      { store: "ana", kind: "home", productId: "" },
      { store: "ana", kind: "listing", productId: "" },
      { store: "ana", kind: "search", productId: "" },
      { store: "ana", kind: "product", productId: "1234567" },
      { store: "ana", kind: "cart", productId: "" },
      { store: "ana", kind: "checkout", productId: "" },
      { store: "ana", kind: "order", productId: "" },
      { store: "ana", kind: "order", productId: "" },
    ]);
    for (const path of [
      "/site/ana/feed.xml",
      "/site/ana/sitemap.xml",
      "/site/ana/robots.txt",
      "/Store/1234567890",
      "/files/x.webp",
    ])
      expect(storePageOf(path)).toBeNull();
  });
});

describe("the cart keeps its source", () => {
  it("after its lines, cleaned; parseCart never reads it as a line; an empty cart keeps none", () => {
    const value = serializeCart(parseCart("1234567:2|7654321-4:1"), "instagram");
    expect(value).toBe("1234567:2|7654321-4:1|~instagram");
    expect(parseCart(value)).toEqual(parseCart("1234567:2|7654321-4:1"));
    expect(cartSource(value)).toBe("instagram");
    expect(cartSource(`1234567:1|~${encodeURIComponent("<script>")}`)).toBe("3cscript-3e");
    expect(cartSource("1234567:1")).toBeNull();
    expect(serializeCart([], "instagram")).toBe("");
  });
});

describe("the statistics' periods and arithmetic", () => {
  const today = "2026-11-28";
  const ask = (query: string) => parsePeriod(new URLSearchParams(query), today);

  it("today, 7 and 30 days, 12 months and a chosen range, each against the same days just before", () => {
    expect(ask("periodo=hoy")).toMatchObject({ from: today, to: today, previous: { from: "2026-11-27", to: "2026-11-27" } });
    expect(ask("periodo=7")).toMatchObject({ from: "2026-11-22", to: today, previous: { from: "2026-11-15", to: "2026-11-21" } });
    expect(ask("")).toMatchObject({
      key: "30",
      from: "2026-10-30",
      to: today,
      previous: { from: "2026-09-30", to: "2026-10-29" },
    });
    expect(ask("periodo=12m")).toMatchObject({ from: "2025-12-01", to: today, unit: "month" });
    expect(periodBuckets(ask("periodo=12m"))).toHaveLength(12);
    expect(ask("desde=2026-11-01&hasta=2026-11-10")).toMatchObject({
      key: "rango",
      from: "2026-11-01",
      to: "2026-11-10",
      previous: { from: "2026-10-22", to: "2026-10-31" },
      unit: "day",
    });
    // A range past today ends today; reversed or impossible dates fall back to 30 days; a long one is cut and by month.
    expect(ask("desde=2026-11-20&hasta=2027-01-01")).toMatchObject({ from: "2026-11-20", to: today });
    expect(ask("desde=2026-11-10&hasta=2026-11-01").key).toBe("30");
    expect(ask("desde=2026-02-30&hasta=2026-03-01").key).toBe("30");
    const long = ask("desde=2020-01-01&hasta=2026-11-28");
    expect(long.from).toBe(addDays(today, -(MAX_RANGE_DAYS - 1)));
    expect(long.unit).toBe("month");
  });

  it("days in the store's zone; a day's first instant; rates and changes with nothing to divide by", () => {
    const at = Date.parse("2026-11-29T03:30:00Z");
    expect(localDay(at, "America/Bogota")).toBe("2026-11-28");
    expect(localDay(at, "Europe/Madrid")).toBe("2026-11-29");
    expect(new Date(dayStartMs("2026-11-28", "America/Bogota")).toISOString()).toBe("2026-11-28T05:00:00.000Z");
    expect(new Date(dayStartMs("2026-11-28", "America/Santiago")).toISOString()).toBe("2026-11-28T03:00:00.000Z");
    expect(derivedRates({ visits: 10, visitors: 8, orders: 2, revenue: 3001 })).toEqual({
      conversion: 0.25,
      averageTicket: 1501,
    });
    expect(derivedRates({ visits: 0, visitors: 0, orders: 0, revenue: 0 })).toEqual({ conversion: null, averageTicket: null });
    expect(change(15, 10)).toBe(0.5);
    expect(change(3, 0)).toBeNull();
  });

  it("the products of a period are read from its whole months' rows and its other days' rows", () => {
    // 12 months: every month whole (the current one ends today: nothing is later).
    expect(monthsAndDays(ask("periodo=12m"))).toEqual({ months: { from: "2025-12", to: "2026-11" }, days: [] });
    // 30 days: the days of October, November whole.
    expect(monthsAndDays(ask(""))).toEqual({
      months: { from: "2026-11", to: "2026-11" },
      days: [{ from: "2026-10-30", to: "2026-10-31" }],
    });
    expect(monthsAndDays(ask("periodo=hoy"))).toEqual({ months: null, days: [{ from: today, to: today }] });
    expect(monthsAndDays(parsePeriod(new URLSearchParams("periodo=hoy"), "2026-12-01"))).toEqual({
      months: { from: "2026-12", to: "2026-12" },
      days: [],
    });
    // A chosen range uses a month only when it holds all of it, even when it ends today.
    expect(monthsAndDays(ask("desde=2025-06-17&hasta=2026-02-09"))).toEqual({
      months: { from: "2025-07", to: "2026-01" },
      days: [
        { from: "2025-06-17", to: "2025-06-30" },
        { from: "2026-02-01", to: "2026-02-09" },
      ],
    });
    expect(monthsAndDays(ask("desde=2026-10-01&hasta=2026-11-28"))).toEqual({
      months: { from: "2026-10", to: "2026-10" },
      days: [{ from: "2026-11-01", to: today }],
    });
    expect(monthsAndDays(ask("desde=2026-11-03&hasta=2026-11-20"))).toEqual({
      months: null,
      days: [{ from: "2026-11-03", to: "2026-11-20" }],
    });
  });
});
