/**
 * The shopper's cookies of one store: the cart, the discount code they entered, the key of their last order, the
 * browser's random id that the limits on unpaid orders count by (set with its first order), and what a discount link
 * did, read once by the page the link lands on (app/site/code-link.server.ts).
 */
export const CART_COOKIE = "carrito";
export const ORDER_COOKIE = "pedido";
export const DISCOUNT_COOKIE = "codigo";
export const BUYER_COOKIE = "comprador";
export const CODE_NOTICE_COOKIE = "codigo_aviso";
