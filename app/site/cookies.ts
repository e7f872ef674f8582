/** The shopper's cookies of one store: the cart, and the key of their last order. */
export const CART_COOKIE = "carrito";
export const ORDER_COOKIE = "pedido";
