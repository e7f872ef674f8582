/** The shopper's cookies of one store: the cart, the discount code they entered, and the key of their last order. */
export const CART_COOKIE = "carrito";
export const ORDER_COOKIE = "pedido";
export const DISCOUNT_COOKIE = "codigo";
