/**
 * The states, provinces and prefectures an address can name, for the countries whose addresses use
 * them. Shared by the address rules (a required state must be one of these), the address form (a
 * select instead of a text box) and the server's place suggestions. No zod here: plain data.
 *
 * `code` is the ISO 3166-2 subdivision code without the country prefix; `name` is what an address
 * stores and shows; `aliases` are other spellings a shopper may type (local names, old codes).
 */

export type Subdivision = { code: string; name: string; aliases?: readonly string[] };

export type SubdivisionSet = {
  /** what the country calls them, for labels and messages */
  label: 'State' | 'Province' | 'Prefecture' | 'State/Territory' | 'Nation' | 'Region';
  /** true where a delivery address must name one (the postal services of these countries ask for it) */
  required: boolean;
  list: readonly Subdivision[];
};

const s = (code: string, name: string, ...aliases: string[]): Subdivision =>
  aliases.length > 0 ? { code, name, aliases } : { code, name };

const US_STATES: readonly Subdivision[] = [
  s('AL', 'Alabama'),
  s('AK', 'Alaska'),
  s('AZ', 'Arizona'),
  s('AR', 'Arkansas'),
  s('CA', 'California'),
  s('CO', 'Colorado'),
  s('CT', 'Connecticut'),
  s('DE', 'Delaware'),
  s('DC', 'District of Columbia', 'Washington DC'),
  s('FL', 'Florida'),
  s('GA', 'Georgia'),
  s('HI', 'Hawaii'),
  s('ID', 'Idaho'),
  s('IL', 'Illinois'),
  s('IN', 'Indiana'),
  s('IA', 'Iowa'),
  s('KS', 'Kansas'),
  s('KY', 'Kentucky'),
  s('LA', 'Louisiana'),
  s('ME', 'Maine'),
  s('MD', 'Maryland'),
  s('MA', 'Massachusetts'),
  s('MI', 'Michigan'),
  s('MN', 'Minnesota'),
  s('MS', 'Mississippi'),
  s('MO', 'Missouri'),
  s('MT', 'Montana'),
  s('NE', 'Nebraska'),
  s('NV', 'Nevada'),
  s('NH', 'New Hampshire'),
  s('NJ', 'New Jersey'),
  s('NM', 'New Mexico'),
  s('NY', 'New York'),
  s('NC', 'North Carolina'),
  s('ND', 'North Dakota'),
  s('OH', 'Ohio'),
  s('OK', 'Oklahoma'),
  s('OR', 'Oregon'),
  s('PA', 'Pennsylvania'),
  s('RI', 'Rhode Island'),
  s('SC', 'South Carolina'),
  s('SD', 'South Dakota'),
  s('TN', 'Tennessee'),
  s('TX', 'Texas'),
  s('UT', 'Utah'),
  s('VT', 'Vermont'),
  s('VA', 'Virginia'),
  s('WA', 'Washington'),
  s('WV', 'West Virginia'),
  s('WI', 'Wisconsin'),
  s('WY', 'Wyoming'),
  s('AS', 'American Samoa'),
  s('GU', 'Guam'),
  s('MP', 'Northern Mariana Islands'),
  s('PR', 'Puerto Rico'),
  s('VI', 'U.S. Virgin Islands', 'US Virgin Islands'),
  s('AA', 'Armed Forces Americas'),
  s('AE', 'Armed Forces Europe'),
  s('AP', 'Armed Forces Pacific'),
];

const CA_PROVINCES: readonly Subdivision[] = [
  s('AB', 'Alberta'),
  s('BC', 'British Columbia', 'Colombie-Britannique'),
  s('MB', 'Manitoba'),
  s('NB', 'New Brunswick', 'Nouveau-Brunswick'),
  s('NL', 'Newfoundland and Labrador', 'Newfoundland'),
  s('NS', 'Nova Scotia', 'Nouvelle-Écosse'),
  s('NT', 'Northwest Territories'),
  s('NU', 'Nunavut'),
  s('ON', 'Ontario'),
  s('PE', 'Prince Edward Island', 'PEI'),
  s('QC', 'Quebec', 'Québec', 'PQ'),
  s('SK', 'Saskatchewan'),
  s('YT', 'Yukon'),
];

const AU_STATES: readonly Subdivision[] = [
  s('ACT', 'Australian Capital Territory'),
  s('NSW', 'New South Wales'),
  s('NT', 'Northern Territory'),
  s('QLD', 'Queensland'),
  s('SA', 'South Australia'),
  s('TAS', 'Tasmania'),
  s('VIC', 'Victoria'),
  s('WA', 'Western Australia'),
];

const IN_STATES: readonly Subdivision[] = [
  s('AN', 'Andaman and Nicobar Islands'),
  s('AP', 'Andhra Pradesh'),
  s('AR', 'Arunachal Pradesh'),
  s('AS', 'Assam'),
  s('BR', 'Bihar'),
  s('CH', 'Chandigarh'),
  s('CG', 'Chhattisgarh', 'CT'),
  s('DH', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman and Diu', 'Dadra and Nagar Haveli'),
  s('DL', 'Delhi', 'New Delhi', 'NCT of Delhi'),
  s('GA', 'Goa'),
  s('GJ', 'Gujarat'),
  s('HR', 'Haryana'),
  s('HP', 'Himachal Pradesh'),
  s('JK', 'Jammu and Kashmir'),
  s('JH', 'Jharkhand'),
  s('KA', 'Karnataka'),
  s('KL', 'Kerala'),
  s('LA', 'Ladakh'),
  s('LD', 'Lakshadweep'),
  s('MP', 'Madhya Pradesh'),
  s('MH', 'Maharashtra'),
  s('MN', 'Manipur'),
  s('ML', 'Meghalaya'),
  s('MZ', 'Mizoram'),
  s('NL', 'Nagaland'),
  s('OD', 'Odisha', 'Orissa', 'OR'),
  s('PY', 'Puducherry', 'Pondicherry'),
  s('PB', 'Punjab'),
  s('RJ', 'Rajasthan'),
  s('SK', 'Sikkim'),
  s('TN', 'Tamil Nadu'),
  s('TS', 'Telangana', 'TG'),
  s('TR', 'Tripura'),
  s('UP', 'Uttar Pradesh'),
  s('UK', 'Uttarakhand', 'Uttaranchal', 'UT'),
  s('WB', 'West Bengal'),
];

const BR_STATES: readonly Subdivision[] = [
  s('AC', 'Acre'),
  s('AL', 'Alagoas'),
  s('AP', 'Amapá'),
  s('AM', 'Amazonas'),
  s('BA', 'Bahia'),
  s('CE', 'Ceará'),
  s('DF', 'Distrito Federal', 'Federal District'),
  s('ES', 'Espírito Santo'),
  s('GO', 'Goiás'),
  s('MA', 'Maranhão'),
  s('MT', 'Mato Grosso'),
  s('MS', 'Mato Grosso do Sul'),
  s('MG', 'Minas Gerais'),
  s('PA', 'Pará'),
  s('PB', 'Paraíba'),
  s('PR', 'Paraná'),
  s('PE', 'Pernambuco'),
  s('PI', 'Piauí'),
  s('RJ', 'Rio de Janeiro'),
  s('RN', 'Rio Grande do Norte'),
  s('RS', 'Rio Grande do Sul'),
  s('RO', 'Rondônia'),
  s('RR', 'Roraima'),
  s('SC', 'Santa Catarina'),
  s('SP', 'São Paulo'),
  s('SE', 'Sergipe'),
  s('TO', 'Tocantins'),
];

const MX_STATES: readonly Subdivision[] = [
  s('AGU', 'Aguascalientes', 'AGS'),
  s('BCN', 'Baja California', 'BC'),
  s('BCS', 'Baja California Sur'),
  s('CAM', 'Campeche'),
  s('CHP', 'Chiapas'),
  s('CHH', 'Chihuahua'),
  s('CMX', 'Ciudad de México', 'Mexico City', 'CDMX', 'Distrito Federal'),
  s('COA', 'Coahuila'),
  s('COL', 'Colima'),
  s('DUR', 'Durango'),
  s('GUA', 'Guanajuato'),
  s('GRO', 'Guerrero'),
  s('HID', 'Hidalgo'),
  s('JAL', 'Jalisco'),
  s('MEX', 'Estado de México', 'State of Mexico'),
  s('MIC', 'Michoacán'),
  s('MOR', 'Morelos'),
  s('NAY', 'Nayarit'),
  s('NLE', 'Nuevo León', 'NL'),
  s('OAX', 'Oaxaca'),
  s('PUE', 'Puebla'),
  s('QUE', 'Querétaro', 'QRO'),
  s('ROO', 'Quintana Roo'),
  s('SLP', 'San Luis Potosí'),
  s('SIN', 'Sinaloa'),
  s('SON', 'Sonora'),
  s('TAB', 'Tabasco'),
  s('TAM', 'Tamaulipas'),
  s('TLA', 'Tlaxcala'),
  s('VER', 'Veracruz'),
  s('YUC', 'Yucatán'),
  s('ZAC', 'Zacatecas'),
];

const JP_PREFECTURES: readonly Subdivision[] = [
  s('01', 'Hokkaido', '北海道'),
  s('02', 'Aomori', '青森県'),
  s('03', 'Iwate', '岩手県'),
  s('04', 'Miyagi', '宮城県'),
  s('05', 'Akita', '秋田県'),
  s('06', 'Yamagata', '山形県'),
  s('07', 'Fukushima', '福島県'),
  s('08', 'Ibaraki', '茨城県'),
  s('09', 'Tochigi', '栃木県'),
  s('10', 'Gunma', '群馬県'),
  s('11', 'Saitama', '埼玉県'),
  s('12', 'Chiba', '千葉県'),
  s('13', 'Tokyo', '東京都'),
  s('14', 'Kanagawa', '神奈川県'),
  s('15', 'Niigata', '新潟県'),
  s('16', 'Toyama', '富山県'),
  s('17', 'Ishikawa', '石川県'),
  s('18', 'Fukui', '福井県'),
  s('19', 'Yamanashi', '山梨県'),
  s('20', 'Nagano', '長野県'),
  s('21', 'Gifu', '岐阜県'),
  s('22', 'Shizuoka', '静岡県'),
  s('23', 'Aichi', '愛知県'),
  s('24', 'Mie', '三重県'),
  s('25', 'Shiga', '滋賀県'),
  s('26', 'Kyoto', '京都府'),
  s('27', 'Osaka', '大阪府'),
  s('28', 'Hyogo', '兵庫県'),
  s('29', 'Nara', '奈良県'),
  s('30', 'Wakayama', '和歌山県'),
  s('31', 'Tottori', '鳥取県'),
  s('32', 'Shimane', '島根県'),
  s('33', 'Okayama', '岡山県'),
  s('34', 'Hiroshima', '広島県'),
  s('35', 'Yamaguchi', '山口県'),
  s('36', 'Tokushima', '徳島県'),
  s('37', 'Kagawa', '香川県'),
  s('38', 'Ehime', '愛媛県'),
  s('39', 'Kochi', '高知県'),
  s('40', 'Fukuoka', '福岡県'),
  s('41', 'Saga', '佐賀県'),
  s('42', 'Nagasaki', '長崎県'),
  s('43', 'Kumamoto', '熊本県'),
  s('44', 'Oita', '大分県'),
  s('45', 'Miyazaki', '宮崎県'),
  s('46', 'Kagoshima', '鹿児島県'),
  s('47', 'Okinawa', '沖縄県'),
];

const GB_NATIONS: readonly Subdivision[] = [
  s('ENG', 'England'),
  s('SCT', 'Scotland'),
  s('WLS', 'Wales', 'Cymru'),
  s('NIR', 'Northern Ireland'),
];

const DE_STATES: readonly Subdivision[] = [
  s('BW', 'Baden-Württemberg'),
  s('BY', 'Bavaria', 'Bayern'),
  s('BE', 'Berlin'),
  s('BB', 'Brandenburg'),
  s('HB', 'Bremen'),
  s('HH', 'Hamburg'),
  s('HE', 'Hesse', 'Hessen'),
  s('NI', 'Lower Saxony', 'Niedersachsen'),
  s('MV', 'Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'),
  s('NW', 'North Rhine-Westphalia', 'Nordrhein-Westfalen', 'NRW'),
  s('RP', 'Rhineland-Palatinate', 'Rheinland-Pfalz'),
  s('SL', 'Saarland'),
  s('SN', 'Saxony', 'Sachsen'),
  s('ST', 'Saxony-Anhalt', 'Sachsen-Anhalt'),
  s('SH', 'Schleswig-Holstein'),
  s('TH', 'Thuringia', 'Thüringen'),
];

const FR_REGIONS: readonly Subdivision[] = [
  s('ARA', 'Auvergne-Rhône-Alpes'),
  s('BFC', 'Bourgogne-Franche-Comté', 'Burgundy-Franche-Comté'),
  s('BRE', 'Brittany', 'Bretagne'),
  s('CVL', 'Centre-Val de Loire'),
  s('COR', 'Corsica', 'Corse'),
  s('GES', 'Grand Est'),
  s('HDF', 'Hauts-de-France'),
  s('IDF', 'Île-de-France'),
  s('NOR', 'Normandy', 'Normandie'),
  s('NAQ', 'Nouvelle-Aquitaine'),
  s('OCC', 'Occitanie', 'Occitania'),
  s('PDL', 'Pays de la Loire'),
  s('PAC', "Provence-Alpes-Côte d'Azur", 'PACA'),
];

/**
 * Where the country's postal service expects the state on a parcel (US, CA, AU, IN, BR, MX, JP) it
 * is required; the UK nations, German states and French regions are offered but optional.
 * China is left out: the shop does not offer it (spec 2, "Phone input").
 */
export const SUBDIVISIONS: Readonly<Partial<Record<string, SubdivisionSet>>> = {
  US: { label: 'State', required: true, list: US_STATES },
  CA: { label: 'Province', required: true, list: CA_PROVINCES },
  AU: { label: 'State/Territory', required: true, list: AU_STATES },
  IN: { label: 'State', required: true, list: IN_STATES },
  BR: { label: 'State', required: true, list: BR_STATES },
  MX: { label: 'State', required: true, list: MX_STATES },
  JP: { label: 'Prefecture', required: true, list: JP_PREFECTURES },
  GB: { label: 'Nation', required: false, list: GB_NATIONS },
  DE: { label: 'State', required: false, list: DE_STATES },
  FR: { label: 'Region', required: false, list: FR_REGIONS },
};

export const subdivisionsOf = (country: string): SubdivisionSet | undefined => SUBDIVISIONS[country.toUpperCase()];

/** Lower case without accents or punctuation, for comparing what a shopper typed with a name. */
export const foldForMatch = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The subdivision a typed state names: its code, its name or an alias, in any case, with or without accents. */
export function findSubdivision(country: string, typed: string): Subdivision | undefined {
  const set = subdivisionsOf(country);
  const wanted = foldForMatch(typed);
  if (!set || !wanted) return undefined;
  return set.list.find(
    (entry) =>
      foldForMatch(entry.code) === wanted ||
      foldForMatch(entry.name) === wanted ||
      entry.aliases?.some((alias) => foldForMatch(alias) === wanted),
  );
}
