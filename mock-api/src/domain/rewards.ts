import type { LocalizedText, Reward, RewardCategory, RewardIcon, VoucherUsage } from '@loyalty/shared/api';
import type { RewardRecord } from '../store/schema';
import { rewardImage } from './reward-art';

/** How long a voucher is valid, how long it can be cancelled, and how it is used. */
export interface VoucherRule {
  validityDays: number;
  cancellationDays: number;
  usage: VoucherUsage;
}

/** The rule of a reward that names none (a test's reward, a catalogue of old): docs/product/vouchers.md. */
export const DEFAULT_VOUCHER_RULE: VoucherRule = { validityDays: 90, cancellationDays: 7, usage: 'desk' };

/**
 * The seeded catalogue's voucher rules, by reward: what a stay or a table must be booked for comes
 * with a booking and can be cancelled for longer; what the desk hands over is used on the spot.
 */
const SEEDED_RULES: Record<string, VoucherRule> = {
  'rw-free-night': { validityDays: 365, cancellationDays: 30, usage: 'booking' },
  'rw-room-upgrade': { validityDays: 180, cancellationDays: 14, usage: 'booking' },
  'rw-late-checkout': { validityDays: 90, cancellationDays: 7, usage: 'desk' },
  'rw-lounge-pass': { validityDays: 180, cancellationDays: 7, usage: 'online' },
  'rw-breakfast': { validityDays: 90, cancellationDays: 7, usage: 'desk' },
  'rw-tasting-dinner': { validityDays: 60, cancellationDays: 2, usage: 'booking' },
  'rw-spa-voucher': { validityDays: 90, cancellationDays: 7, usage: 'desk' },
  'rw-airport-transfer': { validityDays: 180, cancellationDays: 3, usage: 'online' },
  'rw-rooftop-evening': { validityDays: 60, cancellationDays: 0, usage: 'online' },
};

/**
 * What each seeded reward's picture shows, in each language of the portal: the programme's own
 * text, as its names are. A reward without one (a test's, a dev route's) has a picture that only
 * decorates.
 */
const SEEDED_ALTS: Record<string, LocalizedText> = {
  'rw-free-night': {
    en: 'A bed beneath an evening sun, in deep blue',
    fr: 'Un lit sous un soleil du soir, en bleu profond',
    es: 'Una cama bajo un sol de tarde, en azul intenso',
    de: 'Ein Bett unter der Abendsonne, in tiefem Blau',
    ar: 'سرير تحت شمس المساء، بالأزرق الداكن',
  },
  'rw-room-upgrade': {
    en: 'An arrow rising towards an orange sun',
    fr: 'Une flèche qui monte vers un soleil orangé',
    es: 'Una flecha que sube hacia un sol anaranjado',
    de: 'Ein Pfeil, der zu einer orangen Sonne aufsteigt',
    ar: 'سهم يرتفع نحو شمس برتقالية',
  },
  'rw-late-checkout': {
    en: 'A clock against a late-morning sky',
    fr: 'Une horloge sur un ciel de fin de matinée',
    es: 'Un reloj sobre un cielo de media mañana',
    de: 'Eine Uhr vor einem Himmel am späten Vormittag',
    ar: 'ساعة على خلفية سماء آخر الصباح',
  },
  'rw-lounge-pass': {
    en: 'An armchair against a bright blue sky',
    fr: 'Un fauteuil sur un ciel bleu lumineux',
    es: 'Un sillón sobre un cielo azul luminoso',
    de: 'Ein Sessel vor einem hellblauen Himmel',
    ar: 'كرسي مريح على خلفية سماء زرقاء صافية',
  },
  'rw-breakfast': {
    en: 'A fork and knife against a warm morning sky',
    fr: 'Une fourchette et un couteau sur un ciel chaud du matin',
    es: 'Un tenedor y un cuchillo sobre un cálido cielo de mañana',
    de: 'Gabel und Messer vor einem warmen Morgenhimmel',
    ar: 'شوكة وسكين على خلفية سماء صباحية دافئة',
  },
  'rw-tasting-dinner': {
    en: 'A fork and knife against a red sunset',
    fr: 'Une fourchette et un couteau sur un coucher de soleil rouge',
    es: 'Un tenedor y un cuchillo sobre un atardecer rojo',
    de: 'Gabel und Messer vor einem roten Sonnenuntergang',
    ar: 'شوكة وسكين على خلفية غروب أحمر',
  },
  'rw-spa-voucher': {
    en: 'A lotus flower against soft green hills',
    fr: 'Une fleur de lotus sur de douces collines vertes',
    es: 'Una flor de loto sobre suaves colinas verdes',
    de: 'Eine Lotusblüte vor sanften grünen Hügeln',
    ar: 'زهرة لوتس على خلفية تلال خضراء هادئة',
  },
  'rw-airport-transfer': {
    en: 'A car under a wide blue sky',
    fr: 'Une voiture sous un grand ciel bleu',
    es: 'Un coche bajo un amplio cielo azul',
    de: 'Ein Auto unter weitem blauem Himmel',
    ar: 'سيارة تحت سماء زرقاء واسعة',
  },
  'rw-rooftop-evening': {
    en: 'A ticket against a purple evening sky',
    fr: 'Un billet sur un ciel violet du soir',
    es: 'Una entrada sobre un cielo violeta de noche',
    de: 'Eine Eintrittskarte vor einem violetten Abendhimmel',
    ar: 'تذكرة على خلفية سماء مسائية بنفسجية',
  },
};

/** The reward the catalogue puts first, unless a record says otherwise. */
export const SEEDED_FEATURED_REWARD = 'rw-spa-voucher';

/** One catalogue entry as seeded: everything but the units, which each entry sets. */
const reward = (
  id: string,
  category: RewardCategory,
  icon: RewardIcon,
  cost: number,
  stock: number | null,
  name: LocalizedText,
  description: LocalizedText,
): RewardRecord => ({
  id,
  category,
  icon,
  cost,
  stock,
  name,
  description,
  ...(SEEDED_RULES[id] ?? DEFAULT_VOUCHER_RULE),
});

/** A reward's voucher rule: its own, else the seeded one of its id, else the default. */
export function voucherRuleOf(record: RewardRecord): VoucherRule {
  const fallback = SEEDED_RULES[record.id] ?? DEFAULT_VOUCHER_RULE;
  return {
    validityDays: record.validityDays ?? fallback.validityDays,
    cancellationDays: record.cancellationDays ?? fallback.cancellationDays,
    usage: record.usage ?? fallback.usage,
  };
}

/**
 * The programme's catalogue on a fresh data folder. Names and descriptions are the programme's own
 * data, in each language of the portal. `stock: null` is a reward the programme does not count
 * (a late check-out); the rooftop evening starts sold out, so the state is there to see.
 */
export function defaultRewards(): RewardRecord[] {
  return [
    reward(
      'rw-free-night',
      'stays',
      'bed',
      4000,
      null,
      {
        en: 'Free night',
        fr: 'Nuit offerte',
        es: 'Noche gratis',
        de: 'Gratisnacht',
        ar: 'ليلة مجانية',
      },
      {
        en: 'One night in a standard room at any of our hotels, breakfast included.',
        fr: 'Une nuit en chambre standard dans l’un de nos hôtels, petit-déjeuner compris.',
        es: 'Una noche en habitación estándar en cualquiera de nuestros hoteles, desayuno incluido.',
        de: 'Eine Nacht im Standardzimmer in einem unserer Hotels, Frühstück inklusive.',
        ar: 'ليلة في غرفة عادية في أي من فنادقنا، مع الإفطار.',
      },
    ),
    reward(
      'rw-room-upgrade',
      'upgrades',
      'upgrade',
      1500,
      25,
      {
        en: 'Suite upgrade',
        fr: 'Surclassement en suite',
        es: 'Mejora a suite',
        de: 'Upgrade zur Suite',
        ar: 'ترقية إلى جناح',
      },
      {
        en: 'Move up to a suite on your next stay, subject to availability at check-in.',
        fr: 'Passez en suite lors de votre prochain séjour, selon disponibilité à l’arrivée.',
        es: 'Pase a una suite en su próxima estancia, según disponibilidad a la llegada.',
        de: 'Wechseln Sie bei Ihrem nächsten Aufenthalt in eine Suite, je nach Verfügbarkeit beim Check-in.',
        ar: 'انتقل إلى جناح في إقامتك القادمة، حسب التوفر عند تسجيل الوصول.',
      },
    ),
    reward(
      'rw-late-checkout',
      'upgrades',
      'clock',
      300,
      null,
      {
        en: 'Late check-out',
        fr: 'Départ tardif',
        es: 'Salida tardía',
        de: 'Später Check-out',
        ar: 'مغادرة متأخرة',
      },
      {
        en: 'Keep your room until 4 pm on the day you leave.',
        fr: 'Gardez votre chambre jusqu’à 16 h le jour du départ.',
        es: 'Conserve su habitación hasta las 16:00 el día de salida.',
        de: 'Behalten Sie Ihr Zimmer am Abreisetag bis 16 Uhr.',
        ar: 'احتفظ بغرفتك حتى الساعة الرابعة عصرًا يوم المغادرة.',
      },
    ),
    reward(
      'rw-lounge-pass',
      'travel',
      'lounge',
      200,
      500,
      {
        en: 'Airport lounge pass',
        fr: 'Accès au salon d’aéroport',
        es: 'Pase a la sala VIP del aeropuerto',
        de: 'Zugang zur Flughafen-Lounge',
        ar: 'تصريح دخول صالة المطار',
      },
      {
        en: 'One visit to a partner lounge before your flight, drinks and snacks included.',
        fr: 'Une visite dans un salon partenaire avant votre vol, boissons et collations comprises.',
        es: 'Una visita a una sala asociada antes de su vuelo, bebidas y aperitivos incluidos.',
        de: 'Ein Besuch in einer Partner-Lounge vor Ihrem Flug, Getränke und Snacks inklusive.',
        ar: 'زيارة واحدة لصالة شريكة قبل رحلتك، مع المشروبات والوجبات الخفيفة.',
      },
    ),
    reward(
      'rw-breakfast',
      'dining',
      'dining',
      450,
      null,
      {
        en: 'Breakfast for two',
        fr: 'Petit-déjeuner pour deux',
        es: 'Desayuno para dos',
        de: 'Frühstück für zwei',
        ar: 'إفطار لشخصين',
      },
      {
        en: 'The full breakfast buffet for two guests, any morning of your stay.',
        fr: 'Le buffet complet du petit-déjeuner pour deux personnes, le matin de votre choix.',
        es: 'El bufé de desayuno completo para dos personas, cualquier mañana de su estancia.',
        de: 'Das komplette Frühstücksbuffet für zwei Gäste, an einem Morgen Ihrer Wahl.',
        ar: 'بوفيه الإفطار الكامل لضيفين، في أي صباح من إقامتك.',
      },
    ),
    reward(
      'rw-tasting-dinner',
      'dining',
      'dining',
      2500,
      3,
      {
        en: 'Chef’s tasting dinner',
        fr: 'Dîner dégustation du chef',
        es: 'Cena degustación del chef',
        de: 'Degustationsmenü des Küchenchefs',
        ar: 'عشاء تذوق من الشيف',
      },
      {
        en: 'A seven-course tasting menu for two at the chef’s table.',
        fr: 'Un menu dégustation en sept plats pour deux à la table du chef.',
        es: 'Un menú degustación de siete platos para dos en la mesa del chef.',
        de: 'Ein Degustationsmenü mit sieben Gängen für zwei am Tisch des Küchenchefs.',
        ar: 'قائمة تذوق من سبعة أطباق لشخصين على طاولة الشيف.',
      },
    ),
    reward(
      'rw-spa-voucher',
      'wellness',
      'spa',
      250,
      null,
      {
        en: 'Spa voucher',
        fr: 'Bon pour le spa',
        es: 'Vale para el spa',
        de: 'Spa-Gutschein',
        ar: 'قسيمة سبا',
      },
      {
        en: 'A 30-minute massage or facial at the hotel spa.',
        fr: 'Un massage ou un soin du visage de 30 minutes au spa de l’hôtel.',
        es: 'Un masaje o tratamiento facial de 30 minutos en el spa del hotel.',
        de: 'Eine 30-minütige Massage oder Gesichtsbehandlung im Hotel-Spa.',
        ar: 'تدليك أو عناية بالوجه لمدة 30 دقيقة في سبا الفندق.',
      },
    ),
    reward(
      'rw-airport-transfer',
      'travel',
      'car',
      900,
      40,
      {
        en: 'Airport transfer',
        fr: 'Transfert aéroport',
        es: 'Traslado al aeropuerto',
        de: 'Flughafentransfer',
        ar: 'توصيل من وإلى المطار',
      },
      {
        en: 'A private car between the airport and the hotel, one way.',
        fr: 'Une voiture privée entre l’aéroport et l’hôtel, aller simple.',
        es: 'Un coche privado entre el aeropuerto y el hotel, solo ida.',
        de: 'Ein Privatwagen zwischen Flughafen und Hotel, einfache Fahrt.',
        ar: 'سيارة خاصة بين المطار والفندق، في اتجاه واحد.',
      },
    ),
    reward(
      'rw-rooftop-evening',
      'experiences',
      'ticket',
      1200,
      0,
      {
        en: 'Rooftop concert evening',
        fr: 'Soirée concert sur le toit',
        es: 'Noche de concierto en la azotea',
        de: 'Konzertabend auf der Dachterrasse',
        ar: 'أمسية موسيقية على السطح',
      },
      {
        en: 'Two seats at the summer concert on the hotel roof, with a drink each.',
        fr: 'Deux places pour le concert d’été sur le toit de l’hôtel, avec une boisson chacun.',
        es: 'Dos entradas para el concierto de verano en la azotea del hotel, con una bebida cada uno.',
        de: 'Zwei Plätze beim Sommerkonzert auf dem Hoteldach, mit je einem Getränk.',
        ar: 'مقعدان في الحفل الصيفي على سطح الفندق، مع مشروب لكل منكما.',
      },
    ),
  ];
}

/** A reward as the member sees it now. */
export function presentReward(record: RewardRecord): Reward {
  return {
    id: record.id,
    name: { ...record.name },
    description: { ...record.description },
    category: record.category,
    icon: record.icon,
    cost: record.cost,
    remaining: record.stock,
    soldOut: record.stock !== null && record.stock <= 0,
    ...voucherRuleOf(record),
    image: rewardImage(record, SEEDED_ALTS[record.id] ?? null),
    featured: record.featured ?? record.id === SEEDED_FEATURED_REWARD,
  };
}
