import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { CategoriesPage } from './categories-page.tsx';
import { useCatalogT } from './i18n.ts';
import { ProductCreatePage, ProductEditorPage } from './product-editor-page.tsx';
import { ProductsPage } from './products-page.tsx';
import { LowStockPage } from './low-stock-page.tsx';
import { PictureConversionPanel } from './picture-conversion-panel.tsx';
import { useStockT } from './stock-i18n.ts';

function CatalogTabs() {
  const { t } = useCatalogT();
  const { t: ts } = useStockT();
  const { pathname } = useLocation();
  const tab = pathname.includes('/categories') ? 'categories' : pathname.includes('/low-stock') ? 'low-stock' : 'products';
  return (
    <>
      <PageHeader title={t('title')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} aria-label={t('title')} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="products" label={t('tabs.products')} component={RouterLink} to="/admin/catalog/products" data-testid="catalog-tab-products" />
          <Tab value="categories" label={t('tabs.categories')} component={RouterLink} to="/admin/catalog/categories" data-testid="catalog-tab-categories" />
          <Tab value="low-stock" label={ts('low.tab')} component={RouterLink} to="/admin/catalog/low-stock" data-testid="catalog-tab-low-stock" />
        </Tabs>
      </Box>
    </>
  );
}

function ProductRoute() {
  const { id } = useParams();
  return <ProductEditorPage key={id} id={Number(id)} />;
}

/** /admin/catalog/*: products (list and editor) and the category tree. */
export default function CatalogSection() {
  return (
    <Routes>
      <Route index element={<Navigate to="products" replace />} />
      <Route
        path="products"
        element={
          <>
            <CatalogTabs />
            <PictureConversionPanel />
            <ProductsPage />
          </>
        }
      />
      <Route path="products/new" element={<ProductCreatePage />} />
      <Route path="products/:id" element={<ProductRoute />} />
      <Route
        path="low-stock"
        element={
          <>
            <CatalogTabs />
            <LowStockPage />
          </>
        }
      />
      <Route
        path="categories"
        element={
          <>
            <CatalogTabs />
            <CategoriesPage />
          </>
        }
      />
    </Routes>
  );
}
