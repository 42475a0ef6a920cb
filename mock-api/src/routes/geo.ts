import { Router } from 'express';
import { CitiesQuerySchema, StatesQuerySchema } from '@loyalty/shared/api';
import { parseInput } from '../http/validate';
import { COUNTRIES } from '../data/countries';
import { citiesOf, statesOf } from '../data/regions';

/** Public look-ups for the registration and profile forms: no token needed. */
export function geoRoutes(): Router {
  const router = Router();
  router.get('/country', (_request, response) => {
    response.set('Cache-Control', 'public, max-age=3600').json({ data: COUNTRIES });
  });
  router.get('/state', (request, response) => {
    const { country } = parseInput(StatesQuerySchema, request.query);
    response.json({ data: statesOf(country) });
  });
  router.get('/city', (request, response) => {
    const { country, state } = parseInput(CitiesQuerySchema, request.query);
    response.json({ data: citiesOf(country, state) });
  });
  return router;
}
