import { createHash } from 'node:crypto';

/**
 * The Nova Poshta emulator's reference data: real Ukrainian cities (name, area, settlement type)
 * with deterministic refs, and generated branches and streets. Deterministic: the same refs on
 * every start, so orders keep pointing at the same branch.
 */
export interface EmuCity {
  ref: string;
  settlementRef: string;
  name: string;
  area: string;
  type: 'м.' | 'смт';
  population: number;
}
export interface EmuWarehouse {
  ref: string;
  cityRef: string;
  number: number;
  description: string;
  shortAddress: string;
  category: 'Branch' | 'Postomat' | 'Store';
  maxWeight: number;
}
export interface EmuStreet {
  ref: string;
  cityRef: string;
  description: string;
  type: string;
}

/** A UUID-shaped ref from a seed text (NP refs are UUIDs). */
export function refOf(seed: string): string {
  const h = createHash('sha1').update(`np:${seed}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

// [name, area, type, population in thousands]
const CITIES: [string, string, 'м.' | 'смт', number][] = [
  ['Київ', 'Київська', 'м.', 2950],
  ['Харків', 'Харківська', 'м.', 1420],
  ['Одеса', 'Одеська', 'м.', 1010],
  ['Дніпро', 'Дніпропетровська', 'м.', 968],
  ['Львів', 'Львівська', 'м.', 717],
  ['Запоріжжя', 'Запорізька', 'м.', 710],
  ['Кривий Ріг', 'Дніпропетровська', 'м.', 603],
  ['Миколаїв', 'Миколаївська', 'м.', 470],
  ['Вінниця', 'Вінницька', 'м.', 370],
  ['Полтава', 'Полтавська', 'м.', 279],
  ['Чернігів', 'Чернігівська', 'м.', 285],
  ['Черкаси', 'Черкаська', 'м.', 272],
  ['Хмельницький', 'Хмельницька', 'м.', 274],
  ['Житомир', 'Житомирська', 'м.', 261],
  ['Суми', 'Сумська', 'м.', 259],
  ['Рівне', 'Рівненська', 'м.', 245],
  ['Івано-Франківськ', 'Івано-Франківська', 'м.', 238],
  ['Тернопіль', 'Тернопільська', 'м.', 225],
  ['Луцьк', 'Волинська', 'м.', 215],
  ['Кропивницький', 'Кіровоградська', 'м.', 222],
  ['Чернівці', 'Чернівецька', 'м.', 266],
  ['Ужгород', 'Закарпатська', 'м.', 115],
  ['Кременчук', 'Полтавська', 'м.', 217],
  ['Біла Церква', 'Київська', 'м.', 208],
  ['Бровари', 'Київська', 'м.', 109],
  ['Ірпінь', 'Київська', 'м.', 65],
  ['Буча', 'Київська', 'м.', 37],
  ['Бориспіль', 'Київська', 'м.', 63],
  ['Мукачево', 'Закарпатська', 'м.', 85],
  ['Умань', 'Черкаська', 'м.', 82],
  ['Ковель', 'Волинська', 'м.', 68],
  ['Дрогобич', 'Львівська', 'м.', 74],
  ['Кам\u2019янець-Подільський', 'Хмельницька', 'м.', 99],
  ['Бердичів', 'Житомирська', 'м.', 74],
  ['Нікополь', 'Дніпропетровська', 'м.', 107],
  ['Павлоград', 'Дніпропетровська', 'м.', 104],
  ['Олександрія', 'Кіровоградська', 'м.', 79],
  ['Конотоп', 'Сумська', 'м.', 84],
  ['Шостка', 'Сумська', 'м.', 72],
  ['Ізмаїл', 'Одеська', 'м.', 70],
  ['Чорноморськ', 'Одеська', 'м.', 58],
  ['Стрий', 'Львівська', 'м.', 59],
  ['Трускавець', 'Львівська', 'м.', 29],
  ['Коломия', 'Івано-Франківська', 'м.', 61],
  ['Калуш', 'Івано-Франківська', 'м.', 65],
  ['Нововолинськ', 'Волинська', 'м.', 51],
  ['Вараш', 'Рівненська', 'м.', 42],
  ['Ніжин', 'Чернігівська', 'м.', 66],
  ['Прилуки', 'Чернігівська', 'м.', 52],
  ['Фастів', 'Київська', 'м.', 45],
  ['Вишневе', 'Київська', 'м.', 42],
  ['Обухів', 'Київська', 'м.', 33],
  ['Коцюбинське', 'Київська', 'смт', 16],
  ['Гостомель', 'Київська', 'смт', 17],
  ['Пісочин', 'Харківська', 'смт', 21],
  ['Слобожанське', 'Дніпропетровська', 'смт', 15],
  ['Чабани', 'Київська', 'смт', 4],
  ['Ворзель', 'Київська', 'смт', 6],
  ['Іршава', 'Закарпатська', 'м.', 9],
  ['Хуст', 'Закарпатська', 'м.', 28],
];

const STREETS = [
  ['вул.', 'Шевченка'],
  ['вул.', 'Івана Франка'],
  ['вул.', 'Лесі Українки'],
  ['вул.', 'Михайла Грушевського'],
  ['вул.', 'Соборна'],
  ['вул.', 'Незалежності'],
  ['вул.', 'Миру'],
  ['вул.', 'Садова'],
  ['вул.', 'Центральна'],
  ['вул.', 'Богдана Хмельницького'],
  ['просп.', 'Свободи'],
  ['вул.', 'Гетьмана Мазепи'],
  ['вул.', 'Шкільна'],
  ['вул.', 'Польова'],
  ['вул.', 'Лісова'],
  ['вул.', 'Зелена'],
  ['вул.', 'Молодіжна'],
  ['вул.', 'Вокзальна'],
  ['вул.', 'Замкова'],
  ['вул.', 'Степана Бандери'],
  ['вул.', 'Героїв Майдану'],
  ['вул.', 'Київська'],
  ['вул.', 'Степова'],
  ['вул.', 'Ярослава Мудрого'],
  ['вул.', 'Козацька'],
  ['бульв.', 'Європейський'],
  ['вул.', 'Василя Стуса'],
  ['вул.', 'Олени Теліги'],
  ['вул.', 'Джерельна'],
  ['пров.', 'Тихий'],
  ['вул.', 'Українська'],
  ['вул.', 'Данила Галицького'],
  ['вул.', 'Сагайдачного'],
  ['вул.', 'Калинова'],
  ['вул.', 'Вишнева'],
  ['вул.', 'Набережна'],
  ['вул.', 'Паркова'],
  ['вул.', 'Пирогова'],
  ['вул.', 'Коцюбинського'],
  ['вул.', 'Ольги Кобилянської'],
] as const;

function build() {
  const cities: EmuCity[] = CITIES.map(([name, area, type, population]) => ({
    ref: refOf(`city:${name}:${area}`),
    settlementRef: refOf(`settlement:${name}:${area}`),
    name,
    area,
    type,
    population,
  }));
  const warehouses: EmuWarehouse[] = [];
  const streets: EmuStreet[] = [];
  for (const c of cities) {
    // Bigger cities have more streets and branches (Kyiv: every street, 120 branches).
    const streetCount = Math.min(STREETS.length, 8 + Math.round(Math.sqrt(c.population)));
    const own = STREETS.slice(0, streetCount);
    for (const [type, name] of own) streets.push({ ref: refOf(`street:${c.ref}:${name}`), cityRef: c.ref, description: name, type });
    const branches = Math.max(2, Math.min(120, Math.round(c.population / 25)));
    for (let n = 1; n <= branches; n++) {
      const [stype, sname] = own[(n * 7) % own.length]!;
      const house = ((n * 13) % 150) + 1;
      const address = `${stype} ${sname}, ${house}`;
      const postomat = n % 5 === 0;
      const category = postomat ? 'Postomat' : n % 11 === 0 ? 'Store' : 'Branch';
      const maxWeight = postomat ? 20 : n % 3 === 0 ? 1000 : 30;
      const label = postomat ? `Поштомат "Нова Пошта" №${n}` : `Відділення №${n} (до ${maxWeight} кг)`;
      warehouses.push({
        ref: refOf(`wh:${c.ref}:${n}`),
        cityRef: c.ref,
        number: n,
        description: `${label}: ${address}`,
        shortAddress: `${c.name}, ${address}`,
        category,
        maxWeight,
      });
    }
  }
  return { cities, warehouses, streets };
}

export const EMULATOR_DATA = build();

// ---- The emulator's sender (the API key's own counterparty) ---------------------------------

/** One of the sender's addresses (Counterparty.getCounterpartyAddresses): a branch the sender hands parcels in at. */
export interface NpEmulatorSenderAddress {
  ref: string;
  description: string;
  cityRef: string;
}

const kyivCity = EMULATOR_DATA.cities[0]!;
const senderBranch = (city: EmuCity, n: number): NpEmulatorSenderAddress => {
  const w = EMULATOR_DATA.warehouses.find((x) => x.cityRef === city.ref && x.number === n)!;
  return { ref: w.ref, description: w.description, cityRef: city.ref };
};

/**
 * The counterparty the emulator's API key belongs to, as Counterparty.getCounterparties
 * (CounterpartyProperty=Sender), getCounterpartyContactPersons and getCounterpartyAddresses answer
 * it. A waybill (InternetDocument.save) must name exactly these: Sender, ContactSender,
 * SendersPhone, and one of `addresses` as SenderAddress with its city as CitySender. By default
 * the sender has exactly one address (demos work without a choice); `NpEmulatorOptions.senderAddresses`
 * gives it more (see NP_EMULATOR_MORE_SENDER_ADDRESSES).
 */
export const NP_EMULATOR_SENDER = {
  counterpartyRef: refOf('sender:counterparty'),
  /** The counterparty's own city (`City` of getCounterparties). */
  cityRef: kyivCity.ref,
  description: 'Приватна особа',
  contactRef: refOf('sender:contact'),
  contact: { lastName: 'Коваль', firstName: 'Ірина', middleName: 'Петрівна' },
  /** The contact's phone (`Phones`), the SendersPhone of its waybills. */
  phone: '380501112233',
  addresses: [senderBranch(kyivCity, 1)] as readonly NpEmulatorSenderAddress[],
} as const;

/** Two more sender addresses for tests of the supplier's choice (another Kyiv branch, a Lviv branch). */
export const NP_EMULATOR_MORE_SENDER_ADDRESSES: readonly NpEmulatorSenderAddress[] = [
  senderBranch(kyivCity, 3),
  senderBranch(
    EMULATOR_DATA.cities.find((c) => c.name === 'Львів')!,
    1,
  ),
];

/**
 * The one counterparty of all private-person recipients: NP answers Counterparty.save of a
 * PrivatePerson recipient with the key's "Приватна особа" recipient counterparty (the same Ref
 * every time) and a new contact person (ContactPerson.data[0].Ref) per person.
 */
export const NP_EMULATOR_PRIVATE_RECIPIENT = refOf('recipient:private-person');
