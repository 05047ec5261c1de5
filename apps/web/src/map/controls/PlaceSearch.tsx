import { useEffect, useMemo, useState } from 'react';
import type L from 'leaflet';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { track } from '../../api/queries';
import { searchEvent } from '../../api/tracking';
import { searchPlaces, placeSearch, type Place } from '../gazetteer';

/** Place search: the offline gazetteer, or the configured geocoder once it answers; a choice flies there. */
export function PlaceSearch({ map, geocoderUrl }: { map: L.Map | null; geocoderUrl: string }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [remote, setRemote] = useState<{ query: string; places: Place[] } | null>(null);
  const q = query.trim();
  const offline = useMemo(() => searchPlaces(q), [q]);
  // A configured geocoder answers asynchronously; until it does (or when it fails) the gazetteer answers.
  const results = geocoderUrl && remote?.query === q ? remote.places : offline;
  useEffect(() => {
    if (!geocoderUrl || q.length < placeSearch.minLength) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(geocoderUrl.replace('{q}', encodeURIComponent(q)), { signal: controller.signal })
        .then((response) => response.json() as Promise<{ display_name: string; lat: string; lon: string }[]>)
        .then((found) =>
          setRemote({
            query: q,
            places: found.slice(0, placeSearch.maxResults).map((place) => ({
              name: place.display_name,
              country: '',
              kind: 'city',
              lat: Number(place.lat),
              lng: Number(place.lon),
            })),
          }),
        )
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, geocoderUrl]);

  const go = (place: Place) => {
    const event = searchEvent('place', q);
    if (event) track({ ...event, label: `${event.label} → ${place.name}`.slice(0, 500) });
    setOpen(false);
    setQuery(place.name);
    map?.flyTo([place.lat, place.lng], placeSearch.zoom, { duration: 0.6 });
  };

  return (
    <Paper elevation={2} sx={{ width: 260 }} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <TextField
        placeholder="Search a place or port"
        value={query}
        slotProps={{ htmlInput: { 'aria-label': 'Search a place' } }}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && results[0]) go(results[0]);
        }}
      />
      {open && query.trim().length > 0 && (
        <List dense sx={{ maxHeight: 250, overflow: 'auto', py: 0 }} aria-label="Places">
          {query.trim().length < placeSearch.minLength ? (
            <Typography variant="caption" sx={{ px: 1.5, py: 1, display: 'block' }} color="text.secondary">
              Type at least {placeSearch.minLength} characters
            </Typography>
          ) : results.length === 0 ? (
            <Typography variant="caption" sx={{ px: 1.5, py: 1, display: 'block' }} color="text.secondary">
              No place found
            </Typography>
          ) : (
            results.map((place) => (
              <ListItemButton key={`${place.name}${place.lat}`} onClick={() => go(place)}>
                <ListItemText primary={place.name} secondary={place.country || undefined} />
              </ListItemButton>
            ))
          )}
        </List>
      )}
    </Paper>
  );
}
