import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { signInAsOwner } from "./helpers";
import type { SeededShop } from "./shop-seed";

/**
 * Journeys with several people side by side: each (a second shopper, the store's merchant) in a browser of their
 * own, with the project's JavaScript setting and locale, closed at the end of the test.
 */
export const test = base.extend<{ browserFor: () => Promise<Page>; merchantOf: (shop: SeededShop) => Promise<Page> }>({
  browserFor: async ({ browser, baseURL, javaScriptEnabled, locale }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  merchantOf: async ({ browser, baseURL, javaScriptEnabled, locale }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (shop) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, locale });
      contexts.push(context);
      await signInAsOwner(context, shop.id, baseURL as string);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { jsOn } from "./helpers";
