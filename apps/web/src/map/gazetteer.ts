// The offline place search (spec 002: minimum 2 characters, zoom 10). Without a configured geocoder the map
// searches this list of world cities, ports and sea areas, so search works with no network.

export interface Place {
  name: string;
  country: string;
  kind: 'port' | 'city' | 'sea' | 'cape';
  lat: number;
  lng: number;
}

export const placeSearch = { minLength: 2, zoom: 10, maxResults: 8 } as const;

// name|country|kind|lat|lng — rounded positions of well-known harbours, cities and sea areas.
const rows = `Aberdeen|United Kingdom|port|57.144|-2.078
Abidjan|Côte d'Ivoire|port|5.296|-4.008
Abu Dhabi|United Arab Emirates|port|24.466|54.366
Algiers|Algeria|port|36.776|3.06
Amsterdam|Netherlands|port|52.377|4.897
Antwerp|Belgium|port|51.263|4.399
Athens (Piraeus)|Greece|port|37.942|23.646
Auckland|New Zealand|port|-36.842|174.766
Bangkok|Thailand|city|13.756|100.502
Barcelona|Spain|port|41.352|2.158
Bay of Biscay|Atlantic Ocean|sea|45.5|-4.5
Bergen|Norway|port|60.397|5.324
Bilbao|Spain|port|43.35|-3.05
Bordeaux|France|port|44.841|-0.58
Boston|United States|port|42.36|-71.05
Brest|France|port|48.383|-4.5
Buenos Aires|Argentina|port|-34.6|-58.37
Busan|South Korea|port|35.1|129.04
Cadiz|Spain|port|36.53|-6.29
Cape Horn|Chile|cape|-55.98|-67.27
Cape of Good Hope|South Africa|cape|-34.357|18.474
Cape Town|South Africa|port|-33.905|18.43
Cardiff|United Kingdom|port|51.46|-3.17
Casablanca|Morocco|port|33.6|-7.61
Celtic Sea|Atlantic Ocean|sea|50.5|-8
Cherbourg|France|port|49.645|-1.62
Copenhagen|Denmark|port|55.69|12.6
Da Nang|Vietnam|port|16.07|108.22
Dakar|Senegal|port|14.68|-17.43
Dammam|Saudi Arabia|port|26.5|50.2
Dar es Salaam|Tanzania|port|-6.82|39.29
Darwin|Australia|port|-12.46|130.84
Den Helder|Netherlands|port|52.96|4.76
Dogger Bank|North Sea|sea|54.75|2.25
Dover|United Kingdom|port|51.12|1.33
Dubai (Jebel Ali)|United Arab Emirates|port|25.01|55.06
Dublin|Ireland|port|53.347|-6.2
Dunkirk|France|port|51.05|2.37
Durban|South Africa|port|-29.87|31.03
Esbjerg|Denmark|port|55.46|8.44
Galveston|United States|port|29.3|-94.8
Gdansk|Poland|port|54.4|18.67
Genoa|Italy|port|44.41|8.92
Gibraltar|Gibraltar|port|36.14|-5.35
Gothenburg|Sweden|port|57.69|11.9
Great Yarmouth|United Kingdom|port|52.6|1.73
Gulf of Maine|Atlantic Ocean|sea|43.5|-68.5
Gulf of Mexico|Atlantic Ocean|sea|25.5|-90
Gulf of Thailand|Pacific Ocean|sea|9.5|101.5
Gulf of Tonkin|Pacific Ocean|sea|20|107.5
Haikou|China|port|20.04|110.34
Halifax|Canada|port|44.64|-63.57
Hamburg|Germany|port|53.54|9.97
Havana|Cuba|port|23.14|-82.35
Helsinki|Finland|port|60.16|24.95
Ho Chi Minh City|Vietnam|port|10.77|106.7
Hong Kong|China|port|22.29|114.17
Honolulu|United States|port|21.31|-157.87
Houston|United States|port|29.73|-95.27
Hull|United Kingdom|port|53.74|-0.33
IJmuiden|Netherlands|port|52.46|4.61
Istanbul|Turkey|port|41.01|28.98
Jakarta (Tanjung Priok)|Indonesia|port|-6.1|106.88
Kaohsiung|Taiwan|port|22.61|120.28
Kiel|Germany|port|54.32|10.14
Kingston|Jamaica|port|17.97|-76.79
La Coruña|Spain|port|43.37|-8.4
La Rochelle|France|port|46.16|-1.15
Lagos|Nigeria|port|6.44|3.4
Le Havre|France|port|49.48|0.11
Lisbon|Portugal|port|38.7|-9.16
Liverpool|United Kingdom|port|53.41|-3.0
London|United Kingdom|city|51.507|-0.128
Los Angeles|United States|port|33.74|-118.27
Luanda|Angola|port|-8.8|13.23
Manila|Philippines|port|14.59|120.96
Marseille|France|port|43.3|5.36
Melbourne|Australia|port|-37.83|144.92
Miami|United States|port|25.77|-80.17
Montevideo|Uruguay|port|-34.9|-56.21
Mumbai|India|port|18.95|72.84
Nantes (Saint-Nazaire)|France|port|47.27|-2.2
Naples|Italy|port|40.84|14.27
New Orleans|United States|port|29.95|-90.06
New York|United States|port|40.68|-74.03
Nha Trang|Vietnam|port|12.24|109.19
North Sea|Atlantic Ocean|sea|56|3
Norwegian Sea|Atlantic Ocean|sea|66|2
Oslo|Norway|port|59.9|10.74
Panama Canal (Balboa)|Panama|port|8.95|-79.57
Paris|France|city|48.857|2.352
Perth (Fremantle)|Australia|port|-32.05|115.74
Plymouth|United Kingdom|port|50.36|-4.14
Port Said|Egypt|port|31.26|32.3
Porto|Portugal|port|41.18|-8.7
Qingdao|China|port|36.07|120.32
Qui Nhon|Vietnam|port|13.77|109.23
Reykjavik|Iceland|port|64.15|-21.94
Rio de Janeiro|Brazil|port|-22.89|-43.18
Rotterdam|Netherlands|port|51.95|4.14
Saint Petersburg|Russia|port|59.88|30.22
San Francisco|United States|port|37.8|-122.4
Santander|Spain|port|43.46|-3.8
Santos|Brazil|port|-23.96|-46.3
Seattle|United States|port|47.6|-122.34
Shanghai|China|port|31.23|121.49
Singapore|Singapore|port|1.264|103.84
South China Sea|Pacific Ocean|sea|15.5|112
Southampton|United Kingdom|port|50.9|-1.4
Stavanger|Norway|port|58.97|5.73
Stockholm|Sweden|port|59.33|18.07
Suez|Egypt|port|29.97|32.55
Sydney|Australia|port|-33.86|151.2
Tokyo|Japan|port|35.62|139.78
Trondheim|Norway|port|63.43|10.4
Valencia|Spain|port|39.44|-0.32
Vancouver|Canada|port|49.29|-123.11
Venice|Italy|port|45.43|12.33
Vigo|Spain|port|42.24|-8.72
Vladivostok|Russia|port|43.11|131.88
Wilhelmshaven|Germany|port|53.52|8.15
Yokohama|Japan|port|35.45|139.65`;

export const gazetteer: readonly Place[] = rows.split('\n').map((line) => {
  const [name = '', country = '', kind = 'city', lat = '0', lng = '0'] = line.split('|');
  return { name, country, kind: kind as Place['kind'], lat: Number(lat), lng: Number(lng) };
});

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Places whose name or country matches; names starting with the query first. Empty under 2 characters. */
export function searchPlaces(query: string, places: readonly Place[] = gazetteer): Place[] {
  const q = fold(query);
  if (q.length < placeSearch.minLength) return [];
  const scored = places
    .map((place) => {
      const name = fold(place.name);
      const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : fold(place.country).includes(q) ? 2 : -1;
      return { place, score };
    })
    .filter((entry) => entry.score >= 0);
  scored.sort((a, b) => a.score - b.score || a.place.name.localeCompare(b.place.name));
  return scored.slice(0, placeSearch.maxResults).map((entry) => entry.place);
}
