/** Cart limits without zod (the add-to-cart dialog loads them with the product list). */
export const MAX_CART_QTY = 10_000;
export const MAX_CART_LINES = 200;
