/** The back-in-stock bell: ProductToggle's `subscribe` kind (test id subscribe-button; labels there). */
import { ProductToggle, type ToggleProduct } from './product-toggle.tsx';

export const SubscribeButton = (props: { product: ToggleProduct; size?: 'small' | 'medium' }) => <ProductToggle kind="subscribe" {...props} />;
