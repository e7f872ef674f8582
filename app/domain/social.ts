import { defineMessage, neutralText, type Translate } from "./messages";

/**
 * A store's social profiles (Instagram, Facebook, TikTok): kept as the profile's user name, read from what a
 * merchant pastes ('@mitienda', 'mitienda' or the profile's address), linked to the network's own address.
 */

const NETWORKS = {
  instagram: {
    label: "Instagram",
    host: /(^|\.)instagram\.com$/,
    profile: (user: string) => `https://www.instagram.com/${user}`,
  },
  facebook: {
    label: "Facebook",
    host: /(^|\.)(facebook|fb)\.com$/,
    profile: (user: string) => `https://www.facebook.com/${user}`,
  },
  tiktok: { label: "TikTok", host: /(^|\.)tiktok\.com$/, profile: (user: string) => `https://www.tiktok.com/@${user}` },
} as const;
export type SocialNetwork = keyof typeof NETWORKS;
export const SOCIAL_NETWORKS = Object.keys(NETWORKS) as SocialNetwork[];

const USER = /^[A-Za-z0-9._-]{1,60}$/;

export const socialLabel = (network: SocialNetwork) => NETWORKS[network].label;

const SOCIAL_MESSAGE = defineMessage({
  id: "stores.refusal.social",
  defaultMessage: "Escribe tu usuario de {network} (por ejemplo @mitienda) o el enlace a tu perfil",
});

/** A profile that is neither a user name nor the network's address: in `t`'s variant, or the base's words without one. */
export const socialMessage = (network: SocialNetwork, t?: Translate) =>
  (t ?? neutralText)(SOCIAL_MESSAGE, { network: NETWORKS[network].label });

/** The user name in what was typed, '' for nothing, or null when it is neither a user name nor the network's address. */
export function socialUser(network: SocialNetwork, typed: string): string | null {
  const value = typed.trim();
  if (value === "") return "";
  if (/^(https?:\/\/|www\.)/i.test(value) || value.includes("/")) {
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      return null;
    }
    if (!NETWORKS[network].host.test(url.hostname.toLowerCase())) return null;
    const first = url.pathname.split("/").find((part) => part !== "") ?? "";
    return socialUser(network, decodeURIComponent(first));
  }
  const user = value.replace(/^@/, "");
  return USER.test(user) ? user : null;
}

/** The profile's address, for the store's footer. */
export const socialProfile = (network: SocialNetwork, user: string) => NETWORKS[network].profile(user);
