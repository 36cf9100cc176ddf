// Word lists for titles: varied enough to exercise search and sorting (accents, articles, case).
import type { SeededRandom } from './seeded-random';

const ADJECTIVES = [
  'Silent',
  'Crimson',
  'Last',
  'Hidden',
  'Broken',
  'Golden',
  'Distant',
  'Frozen',
  'Electric',
  'Lost',
  'Midnight',
  'Hollow',
  'Iron',
  'Velvet',
  'Savage',
  'Quiet',
  'Burning',
  'Pale',
  'Wild',
  'Secret',
  'Café',
  'Émigré',
  'Señor',
  'Naïve',
  'Über',
];
const NOUNS = [
  'Harbor',
  'Empire',
  'Garden',
  'River',
  'Signal',
  'Kingdom',
  'Witness',
  'Frontier',
  'Machine',
  'Orchard',
  'Station',
  'Mirror',
  'Horizon',
  'Voyage',
  'Protocol',
  'Legacy',
  'Summit',
  'Cathedral',
  'Archive',
  'Tide',
  'Éclair',
  'Fjörd',
  'Zoë',
  'Crème',
];
const SUFFIXES = ['', '', '', '', ' II', ' Returns', ': Origins', ' of the North', ' in Paris', ' Reloaded'];
const STUDIOS = ['Northlight Pictures', 'Blue Dune', 'Kestrel Films', 'Halcyon', 'Orbit Studios'];
const NETWORKS = ['HBO', 'BBC One', 'Netflix', 'AMC', 'FX', 'Arte', 'NHK'];

export function makeTitle(random: SeededRandom): string {
  const article = random.chance(0.35) ? random.pick(['The ', 'A ', 'the ', 'An ']) : '';
  return `${article}${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}${random.pick(SUFFIXES)}`;
}

export function makeStudio(random: SeededRandom): string {
  return random.pick(STUDIOS);
}

export function makeNetwork(random: SeededRandom): string {
  return random.pick(NETWORKS);
}

const FIRST_NAMES = [
  'alice',
  'bruno',
  'chloe',
  'dmitri',
  'elena',
  'farid',
  'greta',
  'hiro',
  'ines',
  'jonas',
  'kemal',
  'lea',
];

export function makeUsername(random: SeededRandom, index: number): string {
  return `${random.pick(FIRST_NAMES)}${index}`;
}

/** A file-system-safe version of a title for *arr paths. */
export function folderName(title: string, year: number): string {
  return `${title.replace(/[:/\\?*"<>|]/g, '')} (${year})`;
}
