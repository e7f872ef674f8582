import { describe, expect, it, vi } from "vitest";
import * as customerDetail from "~/customers/routes/customer-detail";
import * as customerList from "~/customers/routes/customer-list";
import * as discountCodes from "~/discounts/routes/discount-codes";
import * as editDiscountCode from "~/discounts/routes/edit-discount-code";
import * as newDiscountCode from "~/discounts/routes/new-discount-code";
import * as sellOnSocial from "~/feeds/routes/sell-on-social";
import * as lookPage from "~/looks/routes/look-page";
import * as account from "~/merchant/routes/account";
import * as storeList from "~/merchant/routes/store-list";
import * as storePayments from "~/online-payments/routes/store-payments";
import * as paymentMethods from "~/payment-methods/routes/payment-methods";
import * as catalogImport from "~/products/routes/catalog-import";
import * as editProduct from "~/products/routes/edit-product";
import * as newProduct from "~/products/routes/new-product";
import * as productList from "~/products/routes/product-list";
import * as productPhotos from "~/products/routes/product-photos";
import * as newOrder from "~/sales/routes/new-order";
import * as salesList from "~/sales/routes/sales-list";
import * as addToSection from "~/sections/routes/add-to-section";
import * as section from "~/sections/routes/section";
import * as sectionList from "~/sections/routes/section-list";
import * as cart from "~/site/routes/cart";
import * as statistics from "~/stats/routes/statistics";
import * as storeBrand from "~/stores/routes/store-brand";
import * as storeDelivery from "~/stores/routes/store-delivery";
import * as storeInfo from "~/stores/routes/store-info";
import * as storePolicies from "~/stores/routes/store-policies";
import * as team from "~/team/routes/team";
import { accountPageTitle, storePageTitle } from "~/workspace/page-titles";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const workspace = { id: "stores/routes/workspace-layout", loaderData: { id: "1234567890", name: "Panadería Ana" } };

describe("the merchant's page titles", () => {
  it("name the store on a store's pages and Vitrina on the account's", () => {
    expect(storePageTitle("Diseño", [{ id: "root", loaderData: {} }, workspace])).toBe("Diseño | Panadería Ana");
    // Without the store (an error page), Vitrina.
    expect(storePageTitle("Diseño", [{ id: "root", loaderData: {} }])).toBe("Diseño | Vitrina");
    expect(accountPageTitle("Cuenta")).toBe("Cuenta | Vitrina");
  });

  it("every page of a store ends with the store's name", () => {
    const pages = {
      storeInfo,
      storeBrand,
      storeDelivery,
      productList,
      newProduct,
      catalogImport,
      editProduct,
      productPhotos,
      sectionList,
      section,
      addToSection,
      newOrder,
      customerList,
      customerDetail,
      discountCodes,
      newDiscountCode,
      editDiscountCode,
      lookPage,
      paymentMethods,
      storePayments,
      statistics,
      sellOnSocial,
      storePolicies,
    };
    const titles = Object.entries(pages).map(([name, page]) => {
      const meta = page.meta as (args: unknown) => Array<{ title?: string }>;
      const [first] = meta({
        matches: [{ id: "root", loaderData: {} }, workspace],
        params: { type: "product" },
        loaderData: undefined,
      });
      return [name, first?.title];
    });
    expect(titles.filter(([, title]) => !title?.endsWith(" | Panadería Ana"))).toEqual([]);
    for (const page of [account, storeList]) {
      const meta = page.meta as (args: unknown) => Array<{ title?: string }>;
      expect(meta({ matches: [], params: {}, loaderData: undefined })[0]?.title).toMatch(/ \| Vitrina$/);
    }
  });
});

describe("the merchant's page titles from the catalog", () => {
  it("read the merchant layout's catalog: a text the variant gives replaces the neutral one", () => {
    // A variant's own text for the list's title (as a pt-BR catalog would give), sent by the messages layout.
    const messages = {
      id: "merchant/routes/messages-layout",
      loaderData: { locale: "es", catalog: { "products.pageTitle.list": "Produtos", "team.pageTitle.title": "Equipe" } },
    };
    const title = (page: { meta?: unknown }, loaderData?: unknown) =>
      (page.meta as (args: unknown) => Array<{ title?: string }>)({
        matches: [{ id: "root", loaderData: {} }, messages, workspace],
        params: {},
        loaderData,
      })[0]?.title;
    expect(title(productList)).toBe("Produtos | Panadería Ana");
    expect(title(team)).toBe("Equipe | Panadería Ana");
    // A title the catalog does not give reads as the code writes it.
    expect(title(salesList, { storeName: "Panadería Ana" })).toBe("Ventas | Panadería Ana");
  });
});

describe("the store's page titles", () => {
  it("call the cart 'Carrito', as the store's header does", () => {
    const site = {
      name: "Panadería Ana",
      canonicalBase: "https://ana.test",
      logo: null,
      logoIcon: null,
      favicon: null,
      tabIcon: null,
      shareImage: null,
      description: "",
    };
    const meta = cart.meta as (args: unknown) => Array<{ title?: string }>;
    expect(meta({ loaderData: { site } })[0]?.title).toBe("Carrito | Panadería Ana");
  });
});
