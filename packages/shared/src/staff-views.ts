import { z } from 'zod';
import { ORDER_LIST_COLUMNS, ORDER_LIST_PER_PAGE, orderSortParam } from './order-list.ts';
import { adminOrdersFilter } from './worklists.ts';

/**
 * Saved views of the back office's lists (issue 29 point 3): a staff member's own named set of a
 * list's filters, columns, sort and page size (`/api/v1/admin/views`). Private to the person who
 * saved it (another staff member's view is 404); at most STAFF_VIEWS_MAX per list; names are
 * unique per person and list (a second one is 422 on `name`). Only `orders` has views today; a list
 * that gets them adds its name here and its params schema to STAFF_VIEW_PARAMS.
 */
export const STAFF_VIEW_LISTS = ['orders'] as const;
export type StaffViewList = (typeof STAFF_VIEW_LISTS)[number];
export const STAFF_VIEWS_MAX = 30;
export const STAFF_VIEW_NAME_MAX = 60;

/** An orders view: the list's filters (as the bulk action's `filter`), the columns shown, the sort, rows per page. */
export const orderViewParams = z.strictObject({
  filters: adminOrdersFilter.default({}),
  columns: z
    .array(z.enum(ORDER_LIST_COLUMNS, 'invalid_value'), 'invalid_type')
    .max(ORDER_LIST_COLUMNS.length, 'too_big')
    .refine((c) => new Set(c).size === c.length, 'invalid_value'),
  sort: orderSortParam,
  per_page: z
    .number('invalid_type')
    .int('invalid_type')
    .refine((n) => (ORDER_LIST_PER_PAGE as readonly number[]).includes(n), 'invalid_value'),
});
export type OrderViewParams = z.infer<typeof orderViewParams>;

export const STAFF_VIEW_PARAMS = { orders: orderViewParams } as const satisfies Record<StaffViewList, z.ZodType>;

const viewName = z.string('required').trim().min(1, 'required').max(STAFF_VIEW_NAME_MAX, 'too_long');
const viewList = z.enum(STAFF_VIEW_LISTS, 'invalid_value');

/** Checks `params` against the list's own schema (its issues under `params.…`). */
function paramsOfList(v: { list: StaffViewList; params: unknown }, ctx: z.RefinementCtx) {
  const r = STAFF_VIEW_PARAMS[v.list].safeParse(v.params);
  if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path] });
}

/** `GET /admin/views?list=orders`. */
export const staffViewsQuery = z.object({ list: viewList });

/** `POST /admin/views`: a new view of a list. */
export const staffViewCreateInput = z
  .strictObject({ list: viewList, name: viewName, params: z.record(z.string(), z.unknown(), 'invalid_type') })
  .superRefine(paramsOfList)
  .transform((v) => ({ ...v, params: STAFF_VIEW_PARAMS[v.list].parse(v.params) }));
export type StaffViewCreateInput = z.infer<typeof staffViewCreateInput>;

/** `PUT /admin/views/{id}`: rename and/or replace the params (checked against the view's own list). */
export const staffViewUpdateInput = z
  .strictObject({ name: viewName.optional(), params: z.record(z.string(), z.unknown(), 'invalid_type').optional() })
  .refine((v) => v.name !== undefined || v.params !== undefined, { message: 'required', path: ['name'] });
export type StaffViewUpdateInput = z.infer<typeof staffViewUpdateInput>;

export const staffViewDto = z.object({
  id: z.number(),
  list: z.enum(STAFF_VIEW_LISTS),
  name: z.string(),
  params: orderViewParams,
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffViewDto = z.infer<typeof staffViewDto>;
