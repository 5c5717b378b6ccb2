/**
 * The places behind the address suggestions (GET /api/map/google/address), bundled with the server
 * so that no outside service is asked. Written by hand: the major cities of every country the shop
 * offers, biggest or best known first. The countries themselves come from the phone list
 * (`@shop/contracts/phone`) and the states from `@shop/contracts/address-regions`.
 *
 * One string per country; entries are separated by ';'. An entry is `Name`, optionally followed by
 * other names it is known by (`=Name`), optionally followed by `|code`, the code of its state in the
 * country's subdivision list.
 */
export const MAJOR_CITIES: Readonly<Record<string, string>> = {
  US:
    'New York=New York City=NYC|NY; Los Angeles=LA|CA; Chicago|IL; Houston|TX; Phoenix|AZ; Philadelphia|PA; ' +
    'San Antonio|TX; San Diego|CA; Dallas|TX; San Jose|CA; Austin|TX; Jacksonville|FL; Fort Worth|TX; Columbus|OH; ' +
    'Charlotte|NC; San Francisco=SF|CA; Indianapolis|IN; Seattle|WA; Denver|CO; Washington=Washington DC|DC; ' +
    'Boston|MA; El Paso|TX; Nashville|TN; Detroit|MI; Oklahoma City|OK; Portland|OR; Las Vegas|NV; Memphis|TN; ' +
    'Louisville|KY; Baltimore|MD; Milwaukee|WI; Albuquerque|NM; Tucson|AZ; Fresno|CA; Sacramento|CA; Kansas City|MO; ' +
    'Atlanta|GA; Miami|FL; Raleigh|NC; Omaha|NE; Minneapolis|MN; Tampa|FL; New Orleans|LA; Cleveland|OH; ' +
    'Honolulu|HI; Pittsburgh|PA; Cincinnati|OH; St. Louis=Saint Louis|MO; Orlando|FL; Salt Lake City|UT; ' +
    'Anchorage|AK; Buffalo|NY; Newark|NJ; Jersey City|NJ; Providence|RI; Hartford|CT; Richmond|VA; ' +
    'Virginia Beach|VA; Birmingham|AL; Little Rock|AR; Des Moines|IA; Wichita|KS; Boise|ID; Billings|MT; Fargo|ND; ' +
    'Sioux Falls|SD; Cheyenne|WY; Burlington|VT; Manchester|NH; Portland|ME; Wilmington|DE; Charleston|SC; ' +
    'Charleston|WV; Jackson|MS; Madison|WI; Springfield|IL; Springfield|MA; Albany|NY; Columbia|SC; Montgomery|AL; ' +
    'Baton Rouge|LA; Lincoln|NE; Reno|NV; Santa Fe|NM; Spokane|WA; Tacoma|WA; Oakland|CA; Long Beach|CA; ' +
    'Irvine|CA; Palo Alto|CA; Ann Arbor|MI; San Juan|PR',
  CA:
    'Toronto|ON; Montreal=Montréal|QC; Vancouver|BC; Calgary|AB; Edmonton|AB; Ottawa|ON; Winnipeg|MB; ' +
    'Quebec City=Québec|QC; Mississauga|ON; Brampton|ON; Hamilton|ON; Surrey|BC; Laval|QC; Kitchener|ON; London|ON; ' +
    'Halifax|NS; Victoria|BC; Windsor|ON; Saskatoon|SK; Regina|SK; Kelowna|BC; St. John’s|NL; ' +
    'Fredericton|NB; Moncton|NB; Charlottetown|PE; Whitehorse|YT; Yellowknife|NT; Iqaluit|NU',
  AU:
    'Sydney|NSW; Melbourne|VIC; Brisbane|QLD; Perth|WA; Adelaide|SA; Gold Coast|QLD; Canberra|ACT; Newcastle|NSW; ' +
    'Sunshine Coast|QLD; Wollongong|NSW; Hobart|TAS; Geelong|VIC; Townsville|QLD; Cairns|QLD; Darwin|NT; ' +
    'Launceston|TAS; Alice Springs|NT',
  GB:
    'London|ENG; Birmingham|ENG; Manchester|ENG; Liverpool|ENG; Leeds|ENG; Sheffield|ENG; Bristol|ENG; ' +
    'Newcastle upon Tyne=Newcastle|ENG; Nottingham|ENG; Leicester|ENG; Southampton|ENG; Brighton|ENG; Oxford|ENG; ' +
    'Cambridge|ENG; York|ENG; Coventry|ENG; Bradford|ENG; Plymouth|ENG; Reading|ENG; Edinburgh|SCT; Glasgow|SCT; ' +
    'Aberdeen|SCT; Dundee|SCT; Inverness|SCT; Cardiff|WLS; Swansea|WLS; Newport|WLS; Belfast|NIR; ' +
    'Derry=Londonderry|NIR',
  DE:
    'Berlin|BE; Hamburg|HH; Munich=München|BY; Cologne=Köln|NW; Frankfurt=Frankfurt am Main|HE; Stuttgart|BW; ' +
    'Düsseldorf|NW; Leipzig|SN; Dortmund|NW; Essen|NW; Bremen|HB; Dresden|SN; Hanover=Hannover|NI; ' +
    'Nuremberg=Nürnberg|BY; Duisburg|NW; Bochum|NW; Wuppertal|NW; Bielefeld|NW; Bonn|NW; Münster|NW; ' +
    'Karlsruhe|BW; Mannheim|BW; Augsburg|BY; Wiesbaden|HE; Mainz|RP; Kiel|SH; Rostock|MV; Schwerin|MV; ' +
    'Potsdam|BB; Magdeburg|ST; Halle=Halle (Saale)|ST; Erfurt|TH; Saarbrücken|SL; Freiburg=Freiburg im Breisgau|BW; ' +
    'Heidelberg|BW',
  FR:
    'Paris|IDF; Marseille|PAC; Lyon|ARA; Toulouse|OCC; Nice|PAC; Nantes|PDL; Strasbourg|GES; Montpellier|OCC; ' +
    'Bordeaux|NAQ; Lille|HDF; Rennes|BRE; Reims|GES; Le Havre|NOR; Saint-Étienne|ARA; Toulon|PAC; Grenoble|ARA; ' +
    'Dijon|BFC; Angers|PDL; Nîmes|OCC; Clermont-Ferrand|ARA; Le Mans|PDL; Aix-en-Provence|PAC; Brest|BRE; ' +
    'Tours|CVL; Orléans|CVL; Amiens|HDF; Limoges|NAQ; Rouen|NOR; Caen|NOR; Besançon|BFC; Metz|GES; Nancy|GES; ' +
    'Ajaccio|COR; Bastia|COR; Cannes|PAC; Versailles|IDF',
  IN:
    'Mumbai=Bombay|MH; Delhi=New Delhi|DL; Bengaluru=Bangalore|KA; Hyderabad|TS; Ahmedabad|GJ; Chennai=Madras|TN; ' +
    'Kolkata=Calcutta|WB; Pune|MH; Surat|GJ; Jaipur|RJ; Lucknow|UP; Kanpur|UP; Nagpur|MH; Indore|MP; Thane|MH; ' +
    'Bhopal|MP; Visakhapatnam|AP; Patna|BR; Vadodara|GJ; Ludhiana|PB; Agra|UP; Nashik|MH; Varanasi|UP; ' +
    'Srinagar|JK; Amritsar|PB; Ranchi|JH; Coimbatore|TN; Kochi=Cochin|KL; Thiruvananthapuram=Trivandrum|KL; ' +
    'Guwahati|AS; Chandigarh|CH; Bhubaneswar|OD; Raipur|CG; Dehradun|UK; Shimla|HP; Panaji|GA; Gangtok|SK; ' +
    'Imphal|MN; Shillong|ML; Aizawl|MZ; Kohima|NL; Agartala|TR; Itanagar|AR; Port Blair|AN; Puducherry|PY; ' +
    'Leh|LA; Kavaratti|LD; Daman|DH; Mysuru=Mysore|KA; Madurai|TN; Vijayawada|AP; Jodhpur|RJ; Udaipur|RJ',
  BR:
    'São Paulo|SP; Rio de Janeiro|RJ; Brasília|DF; Salvador|BA; Fortaleza|CE; Belo Horizonte|MG; Manaus|AM; ' +
    'Curitiba|PR; Recife|PE; Goiânia|GO; Belém|PA; Porto Alegre|RS; Guarulhos|SP; Campinas|SP; São Luís|MA; ' +
    'Maceió|AL; Natal|RN; Teresina|PI; Campo Grande|MS; João Pessoa|PB; Cuiabá|MT; Aracaju|SE; Florianópolis|SC; ' +
    'Vitória|ES; Porto Velho|RO; Macapá|AP; Rio Branco|AC; Boa Vista|RR; Palmas|TO; Santos|SP; Niterói|RJ',
  MX:
    'Mexico City=Ciudad de México=CDMX|CMX; Guadalajara|JAL; Monterrey|NLE; Puebla|PUE; Tijuana|BCN; León|GUA; ' +
    'Ciudad Juárez|CHH; Zapopan|JAL; Mérida|YUC; Cancún|ROO; Querétaro=Santiago de Querétaro|QUE; ' +
    'San Luis Potosí|SLP; Aguascalientes|AGU; Hermosillo|SON; Chihuahua|CHH; Morelia|MIC; Toluca|MEX; ' +
    'Saltillo|COA; Culiacán|SIN; Acapulco|GRO; Veracruz|VER; Xalapa|VER; Oaxaca=Oaxaca de Juárez|OAX; ' +
    'Tuxtla Gutiérrez|CHP; Villahermosa|TAB; Mexicali|BCN; La Paz|BCS; Cabo San Lucas=Los Cabos|BCS; Durango|DUR; ' +
    'Tepic|NAY; Colima|COL; Campeche|CAM; Zacatecas|ZAC; Tlaxcala|TLA; Pachuca|HID; Cuernavaca|MOR; ' +
    'Chetumal|ROO; Puerto Vallarta|JAL; Tampico|TAM; Reynosa|TAM; Mazatlán|SIN',
  JP:
    'Tokyo=東京|13; Yokohama=横浜|14; Osaka=大阪|27; Nagoya=名古屋|23; Sapporo=札幌|01; Fukuoka=福岡|40; Kobe=神戸|28; ' +
    'Kawasaki|14; Kyoto=京都|26; Saitama|11; Hiroshima|34; Sendai|04; Chiba|12; Kitakyushu|40; Sakai|27; ' +
    'Niigata|15; Hamamatsu|22; Kumamoto|43; Okayama|33; Shizuoka|22; Kagoshima|46; Naha|47; Nara|29; ' +
    'Kanazawa|17; Matsuyama|38; Nagasaki|42; Utsunomiya|09; Gifu|21; Nagano|20; Takamatsu|37; Oita|44; Kochi|39; ' +
    'Aomori|02; Morioka|03; Akita|05; Yamagata|06; Fukushima|07; Mito|08; Maebashi|10; Toyama|16; Fukui|18; ' +
    'Kofu|19; Tsu|24; Otsu|25; Wakayama|30; Tottori|31; Matsue|32; Yamaguchi|35; Tokushima|36; Saga|41; Miyazaki|45',
  AC: 'Georgetown',
  AD: 'Andorra la Vella; Escaldes-Engordany',
  AE: 'Dubai; Abu Dhabi; Sharjah; Al Ain; Ajman; Ras Al Khaimah; Fujairah',
  AF: 'Kabul; Kandahar; Herat; Mazar-i-Sharif',
  AG: 'St. John’s',
  AI: 'The Valley',
  AL: 'Tirana; Durrës; Vlorë; Shkodër',
  AM: 'Yerevan; Gyumri; Vanadzor',
  AO: 'Luanda; Huambo; Lobito; Benguela',
  AR: 'Buenos Aires; Córdoba; Rosario; Mendoza; La Plata; Mar del Plata; San Miguel de Tucumán; Salta',
  AS: 'Pago Pago',
  AT: 'Vienna=Wien; Graz; Linz; Salzburg; Innsbruck; Klagenfurt',
  AW: 'Oranjestad',
  AX: 'Mariehamn',
  AZ: 'Baku; Ganja; Sumqayit',
  BA: 'Sarajevo; Banja Luka; Tuzla; Mostar',
  BB: 'Bridgetown',
  BD: 'Dhaka; Chittagong=Chattogram; Khulna; Rajshahi; Sylhet',
  BE: 'Brussels=Bruxelles=Brussel; Antwerp=Antwerpen; Ghent=Gent; Charleroi; Liège; Bruges=Brugge; Leuven',
  BF: 'Ouagadougou; Bobo-Dioulasso',
  BG: 'Sofia; Plovdiv; Varna; Burgas',
  BH: 'Manama; Muharraq; Riffa',
  BI: 'Gitega; Bujumbura',
  BJ: 'Porto-Novo; Cotonou; Parakou',
  BL: 'Gustavia',
  BM: 'Hamilton',
  BN: 'Bandar Seri Begawan',
  BO: 'La Paz; Santa Cruz de la Sierra; Cochabamba; Sucre; El Alto',
  BQ: 'Kralendijk',
  BS: 'Nassau; Freeport',
  BT: 'Thimphu; Phuntsholing',
  BW: 'Gaborone; Francistown',
  BY: 'Minsk; Gomel; Mogilev; Vitebsk; Grodno; Brest',
  BZ: 'Belmopan; Belize City',
  CC: 'West Island',
  CD: 'Kinshasa; Lubumbashi; Mbuji-Mayi; Kisangani; Goma',
  CF: 'Bangui',
  CG: 'Brazzaville; Pointe-Noire',
  CH: 'Zurich=Zürich; Geneva=Genève; Basel; Bern; Lausanne; Lucerne=Luzern; Lugano; St. Gallen',
  CI: 'Abidjan; Yamoussoukro; Bouaké',
  CK: 'Avarua',
  CL: 'Santiago; Valparaíso; Concepción; Viña del Mar; Antofagasta; La Serena',
  CM: 'Yaoundé; Douala; Garoua; Bamenda',
  CO: 'Bogotá; Medellín; Cali; Barranquilla; Cartagena; Bucaramanga',
  CR: 'San José; Alajuela; Cartago; Heredia; Liberia',
  CU: 'Havana=La Habana; Santiago de Cuba; Camagüey',
  CV: 'Praia; Mindelo',
  CW: 'Willemstad',
  CX: 'Flying Fish Cove',
  CY: 'Nicosia; Limassol; Larnaca; Paphos',
  CZ: 'Prague=Praha; Brno; Ostrava; Plzeň; Olomouc',
  DJ: 'Djibouti',
  DK: 'Copenhagen=København; Aarhus; Odense; Aalborg',
  DM: 'Roseau',
  DO: 'Santo Domingo; Santiago de los Caballeros; Punta Cana; Puerto Plata',
  DZ: 'Algiers; Oran; Constantine; Annaba',
  EC: 'Quito; Guayaquil; Cuenca; Manta',
  EE: 'Tallinn; Tartu; Narva; Pärnu',
  EG: 'Cairo; Alexandria; Giza; Sharm El Sheikh; Luxor; Aswan',
  EH: 'Laayoune',
  ER: 'Asmara',
  ES:
    'Madrid; Barcelona; Valencia; Seville=Sevilla; Zaragoza; Málaga; Murcia; Palma; Las Palmas de Gran Canaria; ' +
    'Bilbao; Alicante; Granada; Santa Cruz de Tenerife; San Sebastián',
  ET: 'Addis Ababa; Dire Dawa; Mekelle; Gondar; Bahir Dar',
  FI: 'Helsinki; Espoo; Tampere; Vantaa; Oulu; Turku',
  FJ: 'Suva; Nadi; Lautoka',
  FK: 'Stanley',
  FM: 'Palikir; Weno',
  FO: 'Tórshavn',
  GA: 'Libreville; Port-Gentil',
  GD: 'St. George’s',
  GE: 'Tbilisi; Batumi; Kutaisi',
  GF: 'Cayenne; Kourou',
  GG: 'St Peter Port',
  GH: 'Accra; Kumasi; Tamale; Takoradi',
  GI: 'Gibraltar',
  GL: 'Nuuk',
  GM: 'Banjul; Serekunda',
  GN: 'Conakry',
  GP: 'Pointe-à-Pitre; Basse-Terre; Les Abymes',
  GQ: 'Malabo; Bata',
  GR: 'Athens=Athina; Thessaloniki; Patras; Heraklion; Larissa; Rhodes',
  GT: 'Guatemala City; Quetzaltenango; Antigua Guatemala',
  GU: 'Hagåtña; Dededo; Tamuning',
  GW: 'Bissau',
  GY: 'Georgetown',
  HK: 'Hong Kong; Kowloon; Tsuen Wan; Sha Tin',
  HN: 'Tegucigalpa; San Pedro Sula',
  HR: 'Zagreb; Split; Rijeka; Osijek; Dubrovnik',
  HT: 'Port-au-Prince; Cap-Haïtien',
  HU: 'Budapest; Debrecen; Szeged; Miskolc; Pécs; Győr',
  ID: 'Jakarta; Surabaya; Bandung; Medan; Semarang; Makassar; Denpasar; Yogyakarta; Palembang',
  IE: 'Dublin; Cork; Limerick; Galway; Waterford',
  IL: 'Jerusalem; Tel Aviv=Tel Aviv-Yafo; Haifa; Rishon LeZion; Beersheba; Eilat',
  IM: 'Douglas',
  IO: 'Diego Garcia',
  IQ: 'Baghdad; Basra; Mosul; Erbil; Najaf',
  IR: 'Tehran; Mashhad; Isfahan; Karaj; Shiraz; Tabriz',
  IS: 'Reykjavík=Reykjavik; Kópavogur; Akureyri',
  IT:
    'Rome=Roma; Milan=Milano; Naples=Napoli; Turin=Torino; Palermo; Genoa=Genova; Bologna; Florence=Firenze; Bari; ' +
    'Catania; Venice=Venezia; Verona; Padua=Padova; Trieste; Cagliari; Pisa',
  JE: 'St Helier',
  JM: 'Kingston; Montego Bay; Spanish Town',
  JO: 'Amman; Zarqa; Irbid; Aqaba',
  KE: 'Nairobi; Mombasa; Kisumu; Nakuru; Eldoret',
  KG: 'Bishkek; Osh',
  KH: 'Phnom Penh; Siem Reap; Battambang; Sihanoukville',
  KI: 'South Tarawa',
  KM: 'Moroni',
  KN: 'Basseterre',
  KP: 'Pyongyang',
  KR: 'Seoul; Busan; Incheon; Daegu; Daejeon; Gwangju; Ulsan; Suwon; Jeju',
  KW: 'Kuwait City; Hawalli; Al Ahmadi',
  KY: 'George Town',
  KZ: 'Almaty; Astana; Shymkent; Karaganda; Aktobe',
  LA: 'Vientiane; Luang Prabang; Pakse',
  LB: 'Beirut; Tripoli; Sidon',
  LC: 'Castries',
  LI: 'Vaduz; Schaan',
  LK: 'Colombo; Kandy; Galle; Jaffna; Sri Jayawardenepura Kotte',
  LR: 'Monrovia',
  LS: 'Maseru',
  LT: 'Vilnius; Kaunas; Klaipėda; Šiauliai',
  LU: 'Luxembourg; Esch-sur-Alzette',
  LV: 'Riga; Daugavpils; Liepāja',
  LY: 'Tripoli; Benghazi; Misrata',
  MA: 'Casablanca; Rabat; Marrakesh=Marrakech; Fez=Fès; Tangier=Tanger; Agadir',
  MC: 'Monaco; Monte Carlo',
  MD: 'Chișinău=Chisinau; Bălți',
  ME: 'Podgorica; Nikšić; Budva',
  MF: 'Marigot',
  MG: 'Antananarivo; Toamasina; Antsirabe',
  MH: 'Majuro',
  MK: 'Skopje; Bitola; Ohrid',
  ML: 'Bamako',
  MM: 'Yangon=Rangoon; Mandalay; Naypyidaw',
  MN: 'Ulaanbaatar; Erdenet; Darkhan',
  MO: 'Macau=Macao; Taipa',
  MP: 'Saipan',
  MQ: 'Fort-de-France; Le Lamentin',
  MR: 'Nouakchott; Nouadhibou',
  MS: 'Brades; Plymouth',
  MT: 'Valletta; Birkirkara; Sliema; Mosta',
  MU: 'Port Louis; Curepipe; Vacoas-Phoenix',
  MV: 'Malé; Addu City',
  MW: 'Lilongwe; Blantyre; Mzuzu',
  MY: 'Kuala Lumpur; George Town; Johor Bahru; Ipoh; Shah Alam; Petaling Jaya; Kota Kinabalu; Kuching; ' + 'Malacca=Melaka',
  MZ: 'Maputo; Matola; Beira; Nampula',
  NA: 'Windhoek; Walvis Bay; Swakopmund',
  NC: 'Nouméa',
  NE: 'Niamey; Zinder; Maradi',
  NF: 'Kingston',
  NG: 'Lagos; Abuja; Kano; Ibadan; Port Harcourt; Benin City; Kaduna; Enugu',
  NI: 'Managua; León; Granada',
  NL:
    'Amsterdam; Rotterdam; The Hague=Den Haag; Utrecht; Eindhoven; Groningen; Tilburg; Almere; Breda; Nijmegen; ' +
    'Maastricht; Haarlem',
  NO: 'Oslo; Bergen; Trondheim; Stavanger; Tromsø; Kristiansand',
  NP: 'Kathmandu; Pokhara; Lalitpur; Biratnagar',
  NR: 'Yaren',
  NU: 'Alofi',
  NZ: 'Auckland; Wellington; Christchurch; Hamilton; Tauranga; Dunedin; Queenstown',
  OM: 'Muscat; Salalah; Sohar; Nizwa',
  PA: 'Panama City; Colón; David',
  PE: 'Lima; Arequipa; Trujillo; Chiclayo; Cusco; Piura; Iquitos',
  PF: 'Papeete; Faaa',
  PG: 'Port Moresby; Lae; Mount Hagen',
  PH: 'Manila; Quezon City; Davao City; Cebu City; Makati; Taguig; Pasig; Zamboanga City; Baguio',
  PK: 'Karachi; Lahore; Islamabad; Rawalpindi; Faisalabad; Multan; Peshawar; Quetta',
  PL:
    'Warsaw=Warszawa; Kraków=Krakow; Łódź=Lodz; Wrocław=Wroclaw; Poznań=Poznan; Gdańsk=Gdansk; Szczecin; Lublin; ' +
    'Katowice; Bydgoszcz',
  PM: 'Saint-Pierre',
  PR: 'San Juan; Bayamón; Carolina; Ponce; Caguas; Mayagüez',
  PS: 'Ramallah; Gaza; Hebron; Nablus; Bethlehem',
  PT: 'Lisbon=Lisboa; Porto; Braga; Coimbra; Funchal; Faro; Aveiro; Setúbal',
  PW: 'Ngerulmud; Koror',
  PY: 'Asunción; Ciudad del Este; Encarnación',
  QA: 'Doha; Al Rayyan; Al Wakrah; Lusail',
  RE: 'Saint-Denis; Saint-Paul; Saint-Pierre',
  RO: 'Bucharest=București; Cluj-Napoca; Timișoara=Timisoara; Iași=Iasi; Constanța=Constanta; Brașov=Brasov; Craiova',
  RS: 'Belgrade=Beograd; Novi Sad; Niš=Nis; Kragujevac; Subotica',
  RU:
    'Moscow=Moskva; Saint Petersburg=St. Petersburg; Novosibirsk; Yekaterinburg; Kazan; Nizhny Novgorod; ' +
    'Chelyabinsk; Samara; Omsk; Rostov-on-Don; Ufa; Krasnoyarsk; Vladivostok; Sochi; Kaliningrad',
  RW: 'Kigali; Butare; Gisenyi',
  SA: 'Riyadh; Jeddah; Mecca=Makkah; Medina; Dammam; Khobar; Taif; Tabuk; Abha',
  SB: 'Honiara',
  SC: 'Victoria',
  SD: 'Khartoum; Omdurman; Port Sudan',
  SE: 'Stockholm; Gothenburg=Göteborg; Malmö=Malmo; Uppsala; Västerås; Örebro; Linköping; Helsingborg',
  SG: 'Singapore',
  SH: 'Jamestown',
  SI: 'Ljubljana; Maribor; Celje; Koper',
  SJ: 'Longyearbyen',
  SK: 'Bratislava; Košice=Kosice; Prešov; Žilina; Nitra',
  SL: 'Freetown; Bo',
  SM: 'San Marino; Serravalle',
  SN: 'Dakar; Touba; Thiès; Saint-Louis',
  SO: 'Mogadishu; Hargeisa; Bosaso',
  SR: 'Paramaribo',
  SS: 'Juba',
  ST: 'São Tomé',
  SV: 'San Salvador; Santa Ana; San Miguel',
  SX: 'Philipsburg',
  SY: 'Damascus; Aleppo; Homs; Latakia',
  SZ: 'Mbabane; Manzini',
  TA: 'Edinburgh of the Seven Seas',
  TC: 'Cockburn Town; Providenciales',
  TD: 'N’Djamena',
  TG: 'Lomé; Sokodé',
  TH: 'Bangkok; Chiang Mai; Phuket; Pattaya; Nonthaburi; Khon Kaen; Hat Yai; Nakhon Ratchasima',
  TJ: 'Dushanbe; Khujand',
  TK: 'Fakaofo; Nukunonu',
  TL: 'Dili',
  TM: 'Ashgabat; Türkmenabat',
  TN: 'Tunis; Sfax; Sousse; Kairouan; Bizerte',
  TO: 'Nukuʻalofa=Nukualofa',
  TR: 'Istanbul; Ankara; Izmir; Bursa; Antalya; Adana; Konya; Gaziantep; Kayseri; Mersin',
  TT: 'Port of Spain; San Fernando; Chaguanas; Arima',
  TV: 'Funafuti',
  TW: 'Taipei; New Taipei; Kaohsiung; Taichung; Tainan; Taoyuan; Hsinchu',
  TZ: 'Dar es Salaam; Dodoma; Arusha; Mwanza; Zanzibar City',
  UA: 'Kyiv=Kiev; Kharkiv; Odesa=Odessa; Dnipro; Lviv; Zaporizhzhia',
  UG: 'Kampala; Entebbe; Gulu; Jinja; Mbarara',
  UY: 'Montevideo; Salto; Punta del Este; Paysandú',
  UZ: 'Tashkent; Samarkand; Bukhara; Namangan; Andijan',
  VA: 'Vatican City',
  VC: 'Kingstown',
  VE: 'Caracas; Maracaibo; Valencia; Barquisimeto; Maracay',
  VG: 'Road Town',
  VI: 'Charlotte Amalie; Christiansted; Frederiksted',
  VN: 'Ho Chi Minh City=Saigon; Hanoi=Ha Noi; Da Nang; Hai Phong; Can Tho; Nha Trang; Hue; Bien Hoa',
  VU: 'Port Vila; Luganville',
  WF: 'Mata-Utu',
  WS: 'Apia',
  XK: 'Pristina=Prishtina; Prizren; Peja',
  YE: 'Sanaa; Aden; Taiz; Al Hudaydah',
  YT: 'Mamoudzou; Dzaoudzi',
  ZA:
    'Johannesburg; Cape Town; Durban; Pretoria; Port Elizabeth=Gqeberha; Bloemfontein; East London; Polokwane; ' +
    'Nelspruit=Mbombela; Kimberley',
  ZM: 'Lusaka; Kitwe; Ndola; Livingstone',
  ZW: 'Harare; Bulawayo; Mutare; Gweru',
};

/** Other names shoppers type for a country (the list's names are Intl's English ones, 'United States'). */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['USA', 'United States of America', 'America'],
  GB: ['UK', 'Great Britain', 'Britain'],
  AE: ['UAE'],
  KR: ['Korea', 'Republic of Korea'],
  KP: ['DPRK'],
  HK: ['Hong Kong'],
  MO: ['Macau', 'Macao'],
  TW: ['Taiwan'],
  CI: ['Ivory Coast'],
  CZ: ['Czech Republic'],
  TR: ['Turkey'],
  MM: ['Burma', 'Myanmar'],
  CD: ['DRC', 'Democratic Republic of the Congo'],
  CG: ['Republic of the Congo'],
  NL: ['Holland'],
  SZ: ['Swaziland'],
  CV: ['Cabo Verde'],
  TL: ['East Timor'],
  PS: ['Palestine'],
  VA: ['Holy See'],
  RU: ['Russian Federation'],
  MK: ['Macedonia'],
  BA: ['Bosnia and Herzegovina', 'Bosnia'],
  TT: ['Trinidad and Tobago', 'Trinidad'],
  AG: ['Antigua and Barbuda', 'Antigua'],
  KN: ['Saint Kitts and Nevis'],
  VC: ['Saint Vincent and the Grenadines'],
  LC: ['Saint Lucia'],
  VI: ['US Virgin Islands'],
  VG: ['BVI'],
};
