import type { City, State } from '@loyalty/shared/api';

/**
 * A small real dataset for the countries the demo and tests use; other countries answer with an
 * empty list, which the forms treat as "type it yourself".
 */
const REGIONS: Record<string, Record<string, { name: string; cities: string[] }>> = {
  FR: {
    IDF: { name: 'Île-de-France', cities: ['Paris', 'Boulogne-Billancourt', 'Versailles', 'Saint-Denis'] },
    ARA: { name: 'Auvergne-Rhône-Alpes', cities: ['Lyon', 'Grenoble', 'Saint-Étienne', 'Clermont-Ferrand'] },
    PAC: { name: "Provence-Alpes-Côte d'Azur", cities: ['Marseille', 'Nice', 'Toulon', 'Avignon'] },
    OCC: { name: 'Occitanie', cities: ['Toulouse', 'Montpellier', 'Nîmes', 'Perpignan'] },
    NAQ: { name: 'Nouvelle-Aquitaine', cities: ['Bordeaux', 'Limoges', 'Poitiers', 'La Rochelle'] },
  },
  US: {
    CA: { name: 'California', cities: ['Los Angeles', 'San Francisco', 'San Diego', 'Sacramento'] },
    NY: { name: 'New York', cities: ['New York City', 'Buffalo', 'Rochester', 'Albany'] },
    TX: { name: 'Texas', cities: ['Houston', 'Austin', 'Dallas', 'San Antonio'] },
    FL: { name: 'Florida', cities: ['Miami', 'Orlando', 'Tampa', 'Jacksonville'] },
  },
  DE: {
    BE: { name: 'Berlin', cities: ['Berlin'] },
    BY: { name: 'Bayern', cities: ['München', 'Nürnberg', 'Augsburg', 'Regensburg'] },
    HH: { name: 'Hamburg', cities: ['Hamburg'] },
    NW: { name: 'Nordrhein-Westfalen', cities: ['Köln', 'Düsseldorf', 'Dortmund', 'Essen'] },
  },
  ES: {
    MD: { name: 'Comunidad de Madrid', cities: ['Madrid', 'Alcalá de Henares', 'Getafe'] },
    CT: { name: 'Cataluña', cities: ['Barcelona', 'Girona', 'Tarragona', 'Lleida'] },
    AN: { name: 'Andalucía', cities: ['Sevilla', 'Málaga', 'Granada', 'Córdoba'] },
  },
  CA: {
    ON: { name: 'Ontario', cities: ['Toronto', 'Ottawa', 'Hamilton'] },
    QC: { name: 'Québec', cities: ['Montréal', 'Québec', 'Laval'] },
    BC: { name: 'British Columbia', cities: ['Vancouver', 'Victoria', 'Surrey'] },
  },
  AU: {
    NSW: { name: 'New South Wales', cities: ['Sydney', 'Newcastle', 'Wollongong'] },
    VIC: { name: 'Victoria', cities: ['Melbourne', 'Geelong', 'Ballarat'] },
  },
  IN: {
    MH: { name: 'Maharashtra', cities: ['Mumbai', 'Pune', 'Nagpur'] },
    KA: { name: 'Karnataka', cities: ['Bengaluru', 'Mysuru', 'Mangaluru'] },
    DL: { name: 'Delhi', cities: ['New Delhi'] },
  },
};

export function statesOf(country: string): State[] {
  return Object.entries(REGIONS[country] ?? {}).map(([code, region]) => ({ code, name: region.name, country }));
}

export function citiesOf(country: string, state: string): City[] {
  return (REGIONS[country]?.[state]?.cities ?? []).map((name) => ({ name, state, country }));
}
