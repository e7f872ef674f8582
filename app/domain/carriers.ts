/**
 * The carriers a store ships with, per country, and the public page where a buyer follows a parcel.
 *
 * A carrier whose tracking page takes the number in its address (`{number}` in `url`) gets a link straight to the
 * parcel. The others publish only a form to type the number into (`deepLink: false`): the link opens that page and
 * the buyer's page and emails show the number beside it, to copy. Checked against each carrier's public site; a
 * carrier that changes its address needs its line here changed, nothing else.
 * 'Otro' is any other carrier: the merchant pastes the parcel's tracking address.
 */
import type { StoreCountry } from "./countries";

export interface Carrier {
  id: string;
  name: string;
  /** The public tracking page; `{number}` is replaced by the tracking number, URL-encoded. */
  url: string;
  /** Whether `url` opens the parcel itself (true) or only the carrier's tracking form (false). */
  deepLink: boolean;
}

const carrier = (id: string, name: string, url: string): Carrier => ({ id, name, url, deepLink: url.includes("{number}") });

export const CARRIERS_BY_COUNTRY: Partial<Record<StoreCountry, readonly Carrier[]>> = {
  AR: [
    carrier("correo-argentino", "Correo Argentino", "https://www.correoargentino.com.ar/formularios/e-commerce"),
    carrier("andreani", "Andreani", "https://www.andreani.com/#!/informacionEnvio/{number}"),
    carrier("oca", "OCA", "https://www.oca.com.ar/Busquedas/Envios"),
  ],
  MX: [
    carrier("estafeta", "Estafeta", "https://www.estafeta.com/Herramientas/Rastreo"),
    carrier("dhl-mx", "DHL", "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id={number}&submit=1"),
    carrier("fedex-mx", "FedEx", "https://www.fedex.com/fedextrack/?trknbr={number}"),
    carrier(
      "correos-de-mexico",
      "Correos de México",
      "https://www.correosdemexico.gob.mx/SSLServicios/SeguimientoEnvio/Seguimiento.aspx",
    ),
  ],
  CO: [
    carrier("servientrega", "Servientrega", "https://www.servientrega.com/wps/portal/rastreo-envio/detalle?id={number}"),
    carrier(
      "coordinadora",
      "Coordinadora",
      "https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia={number}",
    ),
    carrier("interrapidisimo", "Interrapidísimo", "https://www.interrapidisimo.com/sigue-tu-envio/"),
    carrier("4-72", "4-72", "https://www.4-72.com.co/publicaciones/236/personas/"),
  ],
  CL: [
    carrier("chilexpress", "Chilexpress", "https://centrodeayuda.chilexpress.cl/seguimiento/{number}"),
    carrier("starken", "Starken", "https://www.starken.cl/seguimiento?codigo={number}"),
    carrier("correos-de-chile", "Correos de Chile", "https://www.correos.cl/web/guest/seguimiento-en-linea?codigos={number}"),
  ],
  PE: [
    carrier("olva", "Olva Courier", "https://tracking.olvaexpress.pe/"),
    carrier("shalom", "Shalom", "https://shalom.com.pe/rastrea"),
    carrier("serpost", "Serpost", "https://www.serpost.com.pe/"),
  ],
  UY: [
    carrier("correo-uruguayo", "Correo Uruguayo", "https://www.correo.com.uy/seguimientodeenvios"),
    carrier("dac", "DAC", "https://www.dac.com.uy/envios/rastrear"),
  ],
};

/** Any other carrier: the merchant writes its name and pastes the parcel's tracking address. */
export const OTHER_CARRIER = "otro";
export const OTHER_CARRIER_LABEL = "Otro";

/** The carriers offered to a store of `country` (none known: only 'Otro'). */
export function carriersOf(country: StoreCountry): readonly Carrier[] {
  return Object.hasOwn(CARRIERS_BY_COUNTRY, country) ? (CARRIERS_BY_COUNTRY[country] ?? []) : [];
}

/** A carrier by its id, in any country (a store that moved keeps its sales' carriers); own keys only. */
export function findCarrier(id: string): Carrier | undefined {
  for (const list of Object.values(CARRIERS_BY_COUNTRY)) {
    const found = list?.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

export interface Tracking {
  /** Where the buyer follows the parcel, or null (no link could be made). */
  url: string | null;
  /** The carrier's name as shown ('Andreani', or what the merchant wrote for 'Otro'). */
  carrierName: string;
  /** Shown beside the link to copy when the link does not carry it (a carrier without a deep link). */
  numberToCopy: string | null;
}

/** An https address the merchant pasted for 'Otro', or null when it is none (anything but http(s) is refused). */
export function safeTrackingUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The link a buyer follows for a shipment: the carrier's pattern with the number, its tracking page, or the pasted one. */
export function trackingOf(shipment: {
  carrier: string | null;
  carrierName?: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): Tracking | null {
  if (!shipment.carrier) return null;
  const number = shipment.trackingNumber?.trim() || null;
  if (shipment.carrier === OTHER_CARRIER) {
    return {
      url: shipment.trackingUrl ? safeTrackingUrl(shipment.trackingUrl) : null,
      carrierName: shipment.carrierName?.trim() || OTHER_CARRIER_LABEL,
      numberToCopy: number,
    };
  }
  const known = findCarrier(shipment.carrier);
  if (!known) return { url: null, carrierName: shipment.carrier, numberToCopy: number };
  if (known.deepLink && number) {
    return { url: known.url.replace("{number}", encodeURIComponent(number)), carrierName: known.name, numberToCopy: null };
  }
  const page = known.deepLink ? new URL(known.url.replace("{number}", "")).origin : known.url;
  return { url: page, carrierName: known.name, numberToCopy: number };
}
