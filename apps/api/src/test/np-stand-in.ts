import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { KYIV } from './orders.ts';

/**
 * A recording stand-in for the Nova Poshta JSON API 2.0 (tests only): answers as NP does, in NP's
 * envelope and with the shapes of NP's documentation (developers.novaposhta.ua, models Counterparty,
 * ContactPerson, Address, InternetDocument) and of answers public clients captured from the live API
 * (Counterparty.save's nested `ContactPerson: {success, data: [{Ref}]}`), and records every request.
 * It checks nothing itself: tests assert the recorded bodies. `refuse` makes a method answer NP's
 * refusal (HTTP 200, success:false, errors + errorCodes); `http500` answers a bare 500.
 */
export const STAND_IN_SENDER = {
  key: 'stand-in-key',
  counterpartyRef: '5953fb16-08d8-11e4-8958-0025909b4e33',
  cityRef: 'db5c88d7-391c-11dd-90d9-001a92567626',
  contactRef: '6e9acced-d072-11e3-95eb-0050568046cd',
  phone: '380997979789',
  addresses: [
    {
      Ref: '39931b80-e1c2-11e3-8c4a-0050568002cf',
      Description: 'Київ, Відділення №3: вул. Слобожанська, 13',
      CityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
      CityDescription: 'Київ',
    },
  ],
};
/** NP answers one counterparty for every private-person recipient of a sender. */
export const STAND_IN_PRIVATE_PERSON = '92875ced-bf9d-11e6-8ba8-005056881c6b';
/** The street Address.getStreet knows (a Kyiv one, as the order tests' city). */
export const STAND_IN_STREET = { ref: 'c55c9056-4148-11dd-9198-001d60451983', cityRef: KYIV, description: 'Хрещатик' };

export interface StandInCall {
  apiKey: string;
  method: string;
  props: Record<string, any>;
}
export interface StandInRefusal {
  errors: string[];
  errorCodes: string[];
}

export async function npStandIn(opts: { addresses?: typeof STAND_IN_SENDER.addresses } = {}) {
  const calls: StandInCall[] = [];
  const state = {
    addresses: opts.addresses ?? STAND_IN_SENDER.addresses,
    refuse: new Map<string, StandInRefusal>(),
    http500: false,
    documents: [] as { ref: string; number: string; props: Record<string, any> }[],
    /** The refs answered last by Counterparty.save (its contact person) and Address.save. */
    lastContact: '',
    lastAddress: '',
  };
  let next = 20450000000101;
  const answer = (method: string, p: Record<string, any>): unknown[] => {
    switch (method) {
      case 'Counterparty.getCounterparties':
        return p.CounterpartyProperty === 'Sender'
          ? [
              {
                Description: 'ФОП Яковлєв Фелікс Едуардович',
                Ref: STAND_IN_SENDER.counterpartyRef,
                City: STAND_IN_SENDER.cityRef,
                Counterparty: STAND_IN_SENDER.counterpartyRef,
                FirstName: 'Фелікс',
                LastName: 'Яковлєв',
                MiddleName: 'Едуардович',
                OwnershipFormRef: '',
                OwnershipFormDescription: '',
                EDRPOU: '',
                CounterpartyType: 'PrivatePerson',
              },
            ]
          : [];
      case 'Counterparty.getCounterpartyContactPersons':
        return p.Ref === STAND_IN_SENDER.counterpartyRef
          ? [
              {
                Description: 'Яковлєв Фелікс Едуардович',
                Ref: STAND_IN_SENDER.contactRef,
                Phones: STAND_IN_SENDER.phone,
                Email: '',
                LastName: 'Яковлєв',
                FirstName: 'Фелікс',
                MiddleName: 'Едуардович',
              },
            ]
          : [];
      case 'Counterparty.getCounterpartyAddresses':
        return p.Ref === STAND_IN_SENDER.counterpartyRef ? state.addresses : [];
      case 'Counterparty.save':
        state.lastContact = randomUUID();
        return [
          {
            Ref: STAND_IN_PRIVATE_PERSON,
            Description: 'Приватна особа',
            FirstName: p.FirstName,
            MiddleName: p.MiddleName,
            LastName: p.LastName,
            Counterparty: STAND_IN_PRIVATE_PERSON,
            OwnershipForm: null,
            OwnershipFormDescription: null,
            EDRPOU: null,
            CounterpartyType: 'PrivatePerson',
            ContactPerson: {
              success: true,
              data: [
                {
                  Ref: state.lastContact,
                  Description: `${p.LastName} ${p.FirstName} ${p.MiddleName}`.trim(),
                  LastName: p.LastName,
                  FirstName: p.FirstName,
                  MiddleName: p.MiddleName,
                },
              ],
              errors: [],
            },
          },
        ];
      case 'Address.getStreet':
        // The one Kyiv street the courier tests use (a placement checks its ref against the city's streets).
        return p.CityRef === STAND_IN_STREET.cityRef && STAND_IN_STREET.description.toLowerCase().includes(String(p.FindByString ?? '').toLowerCase())
          ? [{ Ref: STAND_IN_STREET.ref, Description: STAND_IN_STREET.description, StreetsTypeRef: 'Street', StreetsType: 'вул.' }]
          : [];
      case 'Address.save':
        state.lastAddress = randomUUID();
        return [{ Ref: state.lastAddress, Description: `${p.BuildingNumber}${p.Flat ? ` кв. ${p.Flat}` : ''}` }];
      case 'Address.delete':
        return [{ Ref: p.Ref }];
      case 'InternetDocument.save': {
        const doc = { ref: randomUUID(), number: String(next++), props: p };
        state.documents.push(doc);
        return [{ Ref: doc.ref, CostOnSite: 85, EstimatedDeliveryDate: '03.01.2027', IntDocNumber: doc.number, TypeDocument: 'InternetDocument' }];
      }
      case 'InternetDocument.delete':
        return [{ Ref: p.DocumentRefs }];
      default:
        return [];
    }
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { apiKey?: string; modelName?: string; calledMethod?: string; methodProperties?: Record<string, any> };
      const method = `${body.modelName}.${body.calledMethod}`;
      const props = body.methodProperties ?? {};
      calls.push({ apiKey: body.apiKey ?? '', method, props });
      if (state.http500) {
        res.statusCode = 502;
        return res.end('<html>Bad Gateway</html>');
      }
      res.setHeader('content-type', 'application/json');
      const refusal = state.refuse.get(method);
      const envelope = refusal
        ? {
            success: false,
            data: [],
            errors: refusal.errors,
            warnings: [],
            info: [],
            messageCodes: [],
            errorCodes: refusal.errorCodes,
            warningCodes: [],
            infoCodes: [],
          }
        : {
            success: true,
            data: answer(method, props),
            errors: [],
            warnings: [],
            info: { totalCount: 1 },
            messageCodes: [],
            errorCodes: [],
            warningCodes: [],
            infoCodes: [],
          };
      res.end(JSON.stringify(envelope));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2.0/json/`,
    calls,
    state,
    /** The recorded calls of one method, in order. */
    of: (method: string) => calls.filter((c) => c.method === method),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
