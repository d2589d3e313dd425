import { sql } from 'drizzle-orm';
import { normaliseNumber } from './cml-values.ts';
import type { Good } from './goods.reader.ts';
import { p, rows, type ImportScope } from './import-scope.ts';
import type { PropertyKind, PropertyRow } from './properties.reader.ts';

const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

/** A property value's key in memory: 1C's value ids are unique per property only (УТ 11 gives every boolean property `true` and `false`). */
const valueKey = (propertyTypeId: number, externalId: string) => `${propertyTypeId}\u0000${externalId}`;

/**
 * Properties -> property_types by Ид, their dictionary variants and the goods' literal values ->
 * property_values, and the goods' values -> product_properties.
 */
export class PropertyWriter {
  private readonly propertyByExt = new Map<string, number>();
  /** Value kinds of the properties of this file's classifier and of the dictionaries already imported (others: looked up, else literal). */
  private readonly propertyKind = new Map<string, PropertyKind>();
  /** Property values by `valueKey(property type id, external id)`: value ids are unique per property only. */
  private readonly valueByExt = new Map<string, number>();

  constructor(private readonly s: ImportScope) {}

  async load(): Promise<void> {
    const tx = this.s.tx;
    for (const r of await rows<{ id: number; external_id: string }>(tx, sql`SELECT id, external_id FROM property_types WHERE external_id IS NOT NULL`))
      this.propertyByExt.set(r.external_id, r.id);
    for (const r of await rows<{ id: number; property_type_id: number; external_id: string }>(
      tx,
      sql`SELECT id, property_type_id, external_id FROM property_values WHERE external_id IS NOT NULL`,
    ))
      this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
    // Dictionary properties imported by an earlier file (УТ 11 sends the properties in their own
    // file): those with values of their own ids, not `<property>|<literal>` ones.
    for (const r of await rows<{ external_id: string }>(
      tx,
      sql`SELECT t.external_id FROM property_types t
           WHERE t.external_id IS NOT NULL
             AND EXISTS (SELECT 1 FROM property_values v WHERE v.property_type_id = t.id AND v.external_id IS NOT NULL AND NOT starts_with(v.external_id, t.external_id || '|'))`,
    ))
      this.propertyKind.set(r.external_id, 'dict');
  }

  async write(list: PropertyRow[]): Promise<void> {
    const tx = this.s.tx;
    for (const pr of list) this.propertyKind.set(pr.ext, pr.kind);
    const fresh = list.filter((x) => !this.propertyByExt.has(x.ext));
    const known = list.filter((x) => this.propertyByExt.has(x.ext));
    if (fresh.length > 0) {
      const inserted = await rows<{ id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_types (name_uk, name_ru, sort, external_id)
            SELECT u.name, u.name, u.sort, u.ext FROM unnest(${p(fresh.map((x) => x.name))}::text[], ${p(fresh.map((x) => x.sort))}::int[], ${p(fresh.map((x) => x.ext))}::text[]) AS u(name, sort, ext)
            RETURNING id, external_id`,
      );
      for (const r of inserted) this.propertyByExt.set(r.external_id, r.id);
      this.s.env.stats.properties_created += inserted.length;
      this.s.changed = true;
    }
    if (known.length > 0) {
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE property_types t SET name_uk = u.name, sort = u.sort, name_ru = CASE WHEN t.name_ru = t.name_uk THEN u.name ELSE t.name_ru END
              FROM unnest(${p(known.map((x) => this.propertyByExt.get(x.ext)))}::int[], ${p(known.map((x) => x.name))}::text[], ${p(known.map((x) => x.sort))}::int[]) AS u(id, name, sort)
             WHERE t.id = u.id AND (t.name_uk, t.sort, t.name_ru) IS DISTINCT FROM (u.name, u.sort, CASE WHEN t.name_ru = t.name_uk THEN u.name ELSE t.name_ru END)
            RETURNING t.id`,
      );
      this.s.env.stats.properties_updated += updated.length;
      if (updated.length > 0) this.s.changed = true;
    }
    // Dictionary variants.
    const values = list.flatMap((x) => x.dict.filter((v) => v.value).map((v) => ({ ...v, typeId: this.propertyByExt.get(x.ext)! })));
    const freshValues = values.filter((v) => !this.valueByExt.has(valueKey(v.typeId, v.ext)));
    const knownValues = values.filter((v) => this.valueByExt.has(valueKey(v.typeId, v.ext)));
    for (let i = 0; i < freshValues.length; i += 5000) {
      const b = freshValues.slice(i, i + 5000);
      const inserted = await rows<{ id: number; property_type_id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_values (property_type_id, value_uk, value_ru, sort, external_id)
            SELECT u.t, u.v, u.v, u.s, u.e FROM unnest(${p(b.map((v) => v.typeId))}::int[], ${p(b.map((v) => v.value))}::text[], ${p(b.map((v) => v.sort))}::int[], ${p(b.map((v) => v.ext))}::text[]) AS u(t, v, s, e)
            RETURNING id, property_type_id, external_id`,
      );
      for (const r of inserted) this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
      this.s.env.stats.property_values_created += inserted.length;
      this.s.changed = true;
    }
    for (let i = 0; i < knownValues.length; i += 5000) {
      const b = knownValues.slice(i, i + 5000);
      const updated = await rows<{ id: number }>(
        tx,
        sql`UPDATE property_values v SET value_uk = u.v, sort = u.s, value_ru = CASE WHEN v.value_ru = v.value_uk THEN u.v ELSE v.value_ru END
              FROM unnest(${p(b.map((x) => this.valueByExt.get(valueKey(x.typeId, x.ext))))}::int[], ${p(b.map((x) => x.value))}::text[], ${p(b.map((x) => x.sort))}::int[]) AS u(id, v, s)
             WHERE v.id = u.id AND (v.value_uk, v.sort, v.value_ru) IS DISTINCT FROM (u.v, u.s, CASE WHEN v.value_ru = v.value_uk THEN u.v ELSE v.value_ru END)
            RETURNING v.id`,
      );
      this.s.env.stats.properties_updated += updated.length;
      if (updated.length > 0) this.s.changed = true;
    }
  }

  /** The property value ids of each good that lists its values (sorted, once each); literal values are created when first seen. */
  async valueIdsOf(goods: Good[]): Promise<Map<string, number[]>> {
    const tx = this.s.tx;
    const out = new Map<string, number[]>();
    const literals = new Map<string, { typeId: number; ext: string; value: string }>();
    const pending: { good: string; key: string }[] = [];
    for (const g of goods) {
      if (!g.props) continue;
      const ids: number[] = [];
      out.set(g.ext, ids);
      for (const pv of g.props) {
        const typeId = this.propertyByExt.get(pv.prop);
        if (!pv.prop || typeId === undefined) {
          this.s.env.warn({ key: 'unknown_property', params: { good: g.ext, property: pv.prop || '?' } });
          continue;
        }
        const kind = this.propertyKind.get(pv.prop);
        for (const raw of pv.values) {
          if (!raw || raw === ZERO_GUID) continue;
          const dictId = this.valueByExt.get(valueKey(typeId, raw));
          if (dictId !== undefined && kind !== 'string' && kind !== 'number') {
            ids.push(dictId);
            continue;
          }
          if (kind === 'dict') {
            this.s.env.warn({ key: 'unknown_property_value', params: { good: g.ext, property: pv.prop, value: raw.slice(0, 100) } });
            continue;
          }
          const value = kind === 'number' ? normaliseNumber(raw) : raw.slice(0, 500);
          const ext = `${pv.prop}|${value}`;
          const id = this.valueByExt.get(valueKey(typeId, ext));
          if (id !== undefined) ids.push(id);
          else {
            literals.set(valueKey(typeId, ext), { typeId, ext, value });
            pending.push({ good: g.ext, key: valueKey(typeId, ext) });
          }
        }
      }
    }
    if (literals.size > 0) {
      const list = [...literals.values()];
      const inserted = await rows<{ id: number; property_type_id: number; external_id: string }>(
        tx,
        sql`INSERT INTO property_values (property_type_id, value_uk, value_ru, sort, external_id)
            SELECT u.t, u.v, u.v, 0, u.e FROM unnest(${p(list.map((v) => v.typeId))}::int[], ${p(list.map((v) => v.value))}::text[], ${p(list.map((v) => v.ext))}::text[]) AS u(t, v, e)
            RETURNING id, property_type_id, external_id`,
      );
      for (const r of inserted) this.valueByExt.set(valueKey(r.property_type_id, r.external_id), r.id);
      this.s.env.stats.property_values_created += inserted.length;
      this.s.changed = true;
      for (const x of pending) out.get(x.good)!.push(this.valueByExt.get(x.key)!);
    }
    for (const [k, ids] of out)
      out.set(
        k,
        [...new Set(ids)].sort((a, b) => a - b),
      );
    return out;
  }

  /** product_properties of the products given, made to hold exactly their values. */
  async syncProducts(list: { id: number; values: number[] }[]): Promise<void> {
    if (list.length === 0) return;
    const tx = this.s.tx;
    const current = await rows<{ product_id: number; property_value_id: number }>(
      tx,
      sql`SELECT product_id, property_value_id FROM product_properties WHERE product_id = ANY(${p(list.map((x) => x.id))}::int[])`,
    );
    const have = new Set(current.map((r) => `${r.product_id}:${r.property_value_id}`));
    const want = new Set(list.flatMap((x) => x.values.map((v) => `${x.id}:${v}`)));
    const remove = [...have].filter((k) => !want.has(k)).map((k) => k.split(':').map(Number) as [number, number]);
    const add = [...want].filter((k) => !have.has(k)).map((k) => k.split(':').map(Number) as [number, number]);
    if (remove.length > 0) {
      await tx.execute(sql`
        DELETE FROM product_properties pp USING unnest(${p(remove.map((r) => r[0]))}::int[], ${p(remove.map((r) => r[1]))}::int[]) AS u(pid, vid)
         WHERE pp.product_id = u.pid AND pp.property_value_id = u.vid`);
      this.s.changed = true;
    }
    if (add.length > 0) {
      await tx.execute(sql`
        INSERT INTO product_properties (product_id, property_type_id, property_value_id)
        SELECT u.pid, v.property_type_id, u.vid FROM unnest(${p(add.map((r) => r[0]))}::int[], ${p(add.map((r) => r[1]))}::int[]) AS u(pid, vid)
          JOIN property_values v ON v.id = u.vid
        ON CONFLICT DO NOTHING`);
      this.s.changed = true;
    }
  }
}
