/**
 * The shopper's cookies of one store: the cart, the discount code they entered, the key of their last order, and the
 * browser's random id that the limits on unpaid orders count by (set with its first order).
 */
export const CART_COOKIE = "carrito";
export const ORDER_COOKIE = "pedido";
export const DISCOUNT_COOKIE = "codigo";
export const BUYER_COOKIE = "comprador";
