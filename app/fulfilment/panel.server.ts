import { carriersOf, OTHER_CARRIER, OTHER_CARRIER_LABEL, trackingOf } from "~/domain/carriers";
import { storeCountry } from "~/domain/countries";
import type { DeliveryMethod } from "~/domain/delivery";
import { type FulfilmentStep, middleStepOf, progressWhatsappText } from "~/domain/fulfilment";
import { storeTranslator } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { isMobileUserAgent } from "~/domain/sales";
import { buyerChatUrl } from "~/domain/whatsapp";
import { orderPageUrl } from "~/orders/order-links";
import type { Config } from "~/services/config";
import type { DeliveryRow } from "./progress-records.server";
import { type TimelineView, timelineOf } from "./timeline";

export interface ProgressPanelView {
  saleId: string;
  step: FulfilmentStep | null;
  /** The row's version the page shows: every move is checked against it. */
  version: number;
  middle: "shipped" | "ready";
  timeline: TimelineView | null;
  /** The moves offered now, forward first; a move back is named as such. */
  next: FulfilmentStep[];
  back: FulfilmentStep | null;
  carriers: Array<{ id: string; name: string }>;
  /** What 'Enviado' saved, to correct it while the sale is sent. */
  shipment: { carrier: string; carrierName: string; trackingNumber: string; trackingUrl: string } | null;
  /** 'Avisar por WhatsApp' for the current step, to the buyer's number in international form. */
  whatsapp: string | null;
  cancelled: boolean;
}

/** What the sale dialog shows of the progress and offers to do with it. */
export function progressPanel(input: {
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">;
  store: { name: string; url: string; country: string; timeZone: string };
  sale: {
    id: string;
    state: string;
    delivery: DeliveryMethod;
    buyerName: string;
    buyerPhone: string | null;
    accessToken: string;
  };
  row: DeliveryRow | undefined;
  userAgent: string | null;
  /** The merchant's words, for the timeline's steps. */
  t: Translate;
}): ProgressPanelView {
  const { store, sale, row } = input;
  const middle = middleStepOf(sale.delivery);
  const step = row?.step ?? null;
  const cancelled = sale.state === "Cancelada";
  const order: FulfilmentStep[] = ["preparing", middle, "delivered"];
  const index = step ? order.indexOf(step) : -1;
  const next = cancelled ? [] : order.slice(index + 1);
  const back = !cancelled && index > 0 ? (order[index - 1] ?? null) : null;
  const tracking = row && step !== "preparing" && row.carrier ? trackingOf(row) : null;
  const text =
    step &&
    progressWhatsappText(
      {
        step,
        buyerName: sale.buyerName,
        storeName: store.name,
        code: sale.id,
        carrierName: tracking?.carrierName,
        trackingNumber: row?.trackingNumber,
        trackingUrl: tracking?.url,
        orderUrl: orderPageUrl(input.config, store.url, sale.id, sale.accessToken),
      },
      storeTranslator(store),
    );
  return {
    saleId: sale.id,
    step,
    version: row?.version ?? 0,
    middle,
    timeline: timelineOf(
      row,
      { delivery: sale.delivery, state: sale.state === "Cancelada" ? "Cancelada" : "Confirmada" },
      store.timeZone,
      input.t,
    ),
    next,
    back,
    carriers: [
      ...carriersOf(storeCountry(store)).map((c) => ({ id: c.id, name: c.name })),
      { id: OTHER_CARRIER, name: OTHER_CARRIER_LABEL },
    ],
    shipment:
      row && step === "shipped" && !cancelled
        ? {
            carrier: row.carrier ?? "",
            carrierName: row.carrierName ?? "",
            trackingNumber: row.trackingNumber ?? "",
            trackingUrl: row.trackingUrl ?? "",
          }
        : null,
    whatsapp:
      text && !cancelled ? buyerChatUrl(sale.buyerPhone, storeCountry(store), text, isMobileUserAgent(input.userAgent)) : null,
    cancelled,
  };
}
