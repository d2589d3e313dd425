import type { FastifyPluginAsync } from 'fastify';
import { EMULATOR_DATA, type EmuCity } from './emulator-data.ts';

/**
 * A local stand-in for the Nova Poshta JSON API 2.0 (the default NP_API_URL): the same envelope
 * (`apiKey, modelName, calledMethod, methodProperties` -> `{success, data, errors, warnings,
 * info}`) for the address methods the portal uses, over real cities with generated branches and
 * streets. Unknown methods answer `success: false` as NP does.
 */
interface NpRequest {
  apiKey?: string;
  modelName?: string;
  calledMethod?: string;
  methodProperties?: Record<string, unknown>;
}

const norm = (s: string) => s.toLowerCase().replace(/[’'ʼ`]/g, '').replace(/ё/g, 'е').trim();

function envelope(data: unknown[], info: Record<string, unknown> = {}, errors: string[] = []) {
  return { success: errors.length === 0, data, errors, warnings: [], info, messageCodes: [], errorCodes: [], warningCodes: [], infoCodes: [] };
}

function page<T>(items: T[], props: Record<string, unknown>, defLimit: number): T[] {
  const limit = Math.max(1, Math.min(500, Number(props.Limit ?? defLimit) || defLimit));
  const p = Math.max(1, Number(props.Page ?? 1) || 1);
  return items.slice((p - 1) * limit, p * limit);
}

/** Prefix matches first, then other substring matches; bigger places first among equals. */
function rank<T>(items: T[], text: (t: T) => string, query: string, weight: (t: T) => number = () => 0): T[] {
  const q = norm(query);
  if (!q) return [...items].sort((a, b) => weight(b) - weight(a));
  const scored = items.flatMap((it) => {
    const s = norm(text(it));
    const at = s.indexOf(q);
    return at === -1 ? [] : [{ it, key: (at === 0 ? 0 : s.includes(` ${q}`) ? 1 : 2) * 1e9 - weight(it) }];
  });
  return scored.sort((a, b) => a.key - b.key).map((x) => x.it);
}

const cityByRef = new Map(EMULATOR_DATA.cities.map((c) => [c.ref, c]));
const settlement = (c: EmuCity) => ({
  Present: `${c.type} ${c.name}, ${c.area} обл.`,
  Warehouses: EMULATOR_DATA.warehouses.filter((w) => w.cityRef === c.ref).length,
  MainDescription: c.name,
  Area: c.area,
  Region: '',
  SettlementTypeCode: c.type,
  Ref: c.settlementRef,
  DeliveryCity: c.ref,
  AddressDeliveryAllowed: true,
  StreetsAvailability: true,
});

export function answer(req: NpRequest) {
  const props = req.methodProperties ?? {};
  switch (req.calledMethod) {
    case 'searchSettlements': {
      const name = String(props.CityName ?? '');
      if (!name.trim()) return envelope([], {}, ['CityName is empty']);
      const found = rank(EMULATOR_DATA.cities, (c) => c.name, name, (c) => c.population);
      return envelope([{ TotalCount: found.length, Addresses: page(found, props, 10).map(settlement) }]);
    }
    case 'getWarehouses': {
      const cityRef = String(props.CityRef ?? '');
      if (!cityRef) return envelope([], {}, ['CityRef is empty']);
      const city = cityByRef.get(cityRef);
      const own = EMULATOR_DATA.warehouses.filter((w) => w.cityRef === cityRef);
      const q = String(props.FindByString ?? '');
      const found = /^\d+$/.test(q.trim()) ? own.filter((w) => String(w.number).startsWith(q.trim())) : rank(own, (w) => w.description, q);
      const data = page(found, props, 30).map((w) => ({
        SiteKey: String(10000 + w.number),
        Description: w.description,
        ShortAddress: w.shortAddress,
        Number: String(w.number),
        CityRef: w.cityRef,
        CityDescription: city?.name ?? '',
        Ref: w.ref,
        CategoryOfWarehouse: w.category,
        PlaceMaxWeightAllowed: String(w.maxWeight),
      }));
      return envelope(data, { totalCount: found.length });
    }
    case 'getStreet': {
      const cityRef = String(props.CityRef ?? '');
      if (!cityRef) return envelope([], {}, ['CityRef is empty']);
      const own = EMULATOR_DATA.streets.filter((s) => s.cityRef === cityRef);
      const found = rank(own, (s) => s.description, String(props.FindByString ?? ''));
      const data = page(found, props, 10).map((s) => ({ Description: s.description, Ref: s.ref, StreetsTypeRef: s.type, StreetsType: s.type }));
      return envelope(data, { totalCount: found.length });
    }
    default:
      return envelope([], {}, [`Method ${req.modelName ?? ''}.${req.calledMethod ?? ''} is not supported by the emulator`]);
  }
}

export const NP_EMULATOR_PATH = '/emulators/novaposhta/v2.0/json/';

export const novaPoshtaEmulator: FastifyPluginAsync = async (app) => {
  const handler = async (req: { body: unknown }) => answer((req.body ?? {}) as NpRequest);
  app.post('/v2.0/json/', handler);
  // NP also accepts /v2.0/json/{Model}/{method}.
  app.post('/v2.0/json/:model/:method', async (req) => {
    const { model, method } = req.params as { model: string; method: string };
    return answer({ ...((req.body ?? {}) as NpRequest), modelName: model, calledMethod: method });
  });
};
