/**
 * The reference host's vehicle table: who makes what, by VIN. World manufacturer identifiers (WMI,
 * positions 1–3) name the make; VIN patterns (the start of positions 4–8, the vehicle descriptor) name
 * the model and body style for a range of model years. Real-world formats for the makes the demo
 * knowledge base configures, plus a few other makes whose WMI alone is known (decoded make-only).
 * Also the deterministic VIN generator of the demo and benchmark seeds.
 */
import { checkDigit } from '../../lib/vehicle/vin';
import { picker } from '../core/random';

/** [wmi, make, manufacturer, country] */
export const WMIS: readonly (readonly [string, string, string, string])[] = [
  ['4T1', 'Toyota', 'Toyota Motor Manufacturing Kentucky', 'United States'],
  ['5TD', 'Toyota', 'Toyota Motor Manufacturing Indiana', 'United States'],
  ['5TF', 'Toyota', 'Toyota Motor Manufacturing Texas', 'United States'],
  ['5YF', 'Toyota', 'Toyota Motor Manufacturing Mississippi', 'United States'],
  ['2T1', 'Toyota', 'Toyota Motor Manufacturing Canada', 'Canada'],
  ['2T3', 'Toyota', 'Toyota Motor Manufacturing Canada', 'Canada'],
  ['3TM', 'Toyota', 'Toyota Motor Manufacturing de Baja California', 'Mexico'],
  ['JTD', 'Toyota', 'Toyota Motor Corporation', 'Japan'],
  ['1HG', 'Honda', 'Honda of America Mfg.', 'United States'],
  ['5FN', 'Honda', 'Honda Manufacturing of Alabama', 'United States'],
  ['5FP', 'Honda', 'Honda Manufacturing of Alabama', 'United States'],
  ['2HG', 'Honda', 'Honda of Canada Mfg.', 'Canada'],
  ['2HK', 'Honda', 'Honda of Canada Mfg.', 'Canada'],
  ['3CZ', 'Honda', 'Honda de México', 'Mexico'],
  ['1FA', 'Ford', 'Ford Motor Company', 'United States'],
  ['1FM', 'Ford', 'Ford Motor Company', 'United States'],
  ['1FT', 'Ford', 'Ford Motor Company', 'United States'],
  ['2FM', 'Ford', 'Ford Motor Company of Canada', 'Canada'],
  ['3FM', 'Ford', 'Ford Motor Company of Mexico', 'Mexico'],
  ['3FT', 'Ford', 'Ford Motor Company of Mexico', 'Mexico'],
  ['1G1', 'Chevrolet', 'General Motors', 'United States'],
  ['1GC', 'Chevrolet', 'General Motors', 'United States'],
  ['1GN', 'Chevrolet', 'General Motors', 'United States'],
  ['2GN', 'Chevrolet', 'General Motors of Canada', 'Canada'],
  ['3GN', 'Chevrolet', 'General Motors de México', 'Mexico'],
  ['1N4', 'Nissan', 'Nissan North America', 'United States'],
  ['1N6', 'Nissan', 'Nissan North America', 'United States'],
  ['5N1', 'Nissan', 'Nissan North America', 'United States'],
  ['3N1', 'Nissan', 'Nissan Mexicana', 'Mexico'],
  ['5NP', 'Hyundai', 'Hyundai Motor Manufacturing Alabama', 'United States'],
  ['5NM', 'Hyundai', 'Hyundai Motor Manufacturing Alabama', 'United States'],
  ['KMH', 'Hyundai', 'Hyundai Motor Company', 'Korea'],
  ['KM8', 'Hyundai', 'Hyundai Motor Company (SUV)', 'Korea'],
  ['5XX', 'Kia', 'Kia Georgia', 'United States'],
  ['5XY', 'Kia', 'Kia Georgia', 'United States'],
  ['3KP', 'Kia', 'Kia Motors Mexico', 'Mexico'],
  ['KND', 'Kia', 'Kia Corporation (MPV)', 'Korea'],
  ['4S3', 'Subaru', 'Subaru of Indiana Automotive', 'United States'],
  ['4S4', 'Subaru', 'Subaru of Indiana Automotive', 'United States'],
  ['JF1', 'Subaru', 'Subaru Corporation', 'Japan'],
  ['JF2', 'Subaru', 'Subaru Corporation (MPV)', 'Japan'],
  ['WBA', 'BMW', 'BMW AG', 'Germany'],
  ['WBX', 'BMW', 'BMW AG (SUV)', 'Germany'],
  ['WBY', 'BMW', 'BMW AG (electric)', 'Germany'],
  ['5UX', 'BMW', 'BMW Manufacturing Co. (SUV)', 'United States'],
  ['5YJ', 'Tesla', 'Tesla, Inc.', 'United States'],
  ['7SA', 'Tesla', 'Tesla, Inc.', 'United States'],
  // Makes without patterns here: the decode finds the make, the user gives the model.
  ['JM1', 'Mazda', 'Mazda Motor Corporation', 'Japan'],
  ['3VW', 'Volkswagen', 'Volkswagen de México', 'Mexico'],
  ['1C4', 'Jeep', 'FCA US', 'United States'],
  ['W1K', 'Mercedes-Benz', 'Mercedes-Benz AG', 'Germany'],
];

/** [wmi, vds (start of positions 4–8), yearStart, yearEnd, model, body style] */
export const PATTERNS: readonly (readonly [string, string, number, number, string, string])[] = [
  ['4T1', 'B11H', 2018, 2024, 'Camry', 'Sedan'],
  ['2T1', 'BURH', 2014, 2019, 'Corolla', 'Sedan'],
  ['5YF', 'EPMA', 2020, 2025, 'Corolla', 'Sedan'],
  ['2T3', 'BFRE', 2016, 2018, 'RAV4', 'SUV'],
  ['2T3', 'P1RF', 2019, 2025, 'RAV4', 'SUV'],
  ['5TD', 'ZZRF', 2017, 2019, 'Highlander', 'SUV'],
  ['5TD', 'GZRB', 2020, 2025, 'Highlander', 'SUV'],
  ['3TM', 'CZ5A', 2016, 2023, 'Tacoma', 'Pickup'],
  ['5TF', 'DY5F', 2014, 2021, 'Tundra', 'Pickup'],
  ['5TF', 'LA5D', 2022, 2025, 'Tundra', 'Pickup'],
  ['JTD', 'KARF', 2016, 2022, 'Prius', 'Hatchback'],
  ['5TD', 'KZ3D', 2015, 2020, 'Sienna', 'Minivan'],
  ['5TD', 'YRKE', 2021, 2025, 'Sienna', 'Minivan'],
  ['1HG', 'CV1F', 2018, 2022, 'Accord', 'Sedan'],
  ['2HG', 'FC2F', 2016, 2021, 'Civic', 'Sedan'],
  ['2HG', 'FE2F', 2022, 2025, 'Civic', 'Sedan'],
  ['2HK', 'RW2H', 2017, 2022, 'CR-V', 'SUV'],
  ['5FN', 'YF6H', 2016, 2022, 'Pilot', 'SUV'],
  ['5FN', 'RL6H', 2018, 2025, 'Odyssey', 'Minivan'],
  ['3CZ', 'RU6H', 2016, 2022, 'HR-V', 'SUV'],
  ['5FP', 'YK3F', 2017, 2025, 'Ridgeline', 'Pickup'],
  ['1FT', 'EW1E', 2015, 2020, 'F-150', 'Pickup'],
  ['1FT', 'FW1E', 2021, 2025, 'F-150', 'Pickup'],
  ['1FM', 'CU9G', 2017, 2025, 'Escape', 'SUV'],
  ['1FM', '5K8D', 2016, 2019, 'Explorer', 'SUV'],
  ['1FM', 'SK8D', 2020, 2025, 'Explorer', 'SUV'],
  ['1FA', '6P8T', 2015, 2023, 'Mustang', 'Coupe'],
  ['2FM', 'PK4J', 2015, 2024, 'Edge', 'SUV'],
  ['3FM', 'CR9B', 2021, 2025, 'Bronco Sport', 'SUV'],
  ['1FT', 'ER4F', 2019, 2025, 'Ranger', 'Pickup'],
  ['3FT', 'TW8E', 2022, 2025, 'Maverick', 'Pickup'],
  ['1GC', 'UYDE', 2019, 2025, 'Silverado 1500', 'Pickup'],
  ['2GN', 'AXKE', 2018, 2025, 'Equinox', 'SUV'],
  ['1G1', 'ZD5S', 2016, 2025, 'Malibu', 'Sedan'],
  ['1GN', 'EVGK', 2018, 2025, 'Traverse', 'SUV'],
  ['1GN', 'SKBK', 2015, 2020, 'Tahoe', 'SUV'],
  ['1GN', 'SKNK', 2021, 2025, 'Tahoe', 'SUV'],
  ['1GC', 'GTCE', 2015, 2025, 'Colorado', 'Pickup'],
  ['3GN', 'KBCR', 2019, 2025, 'Blazer', 'SUV'],
  ['1N4', 'BL4B', 2019, 2025, 'Altima', 'Sedan'],
  ['5N1', 'AT2M', 2014, 2020, 'Rogue', 'SUV'],
  ['5N1', 'AT3B', 2021, 2025, 'Rogue', 'SUV'],
  ['3N1', 'AB8C', 2020, 2025, 'Sentra', 'Sedan'],
  ['5N1', 'DR2M', 2017, 2020, 'Pathfinder', 'SUV'],
  ['5N1', 'DR3B', 2022, 2025, 'Pathfinder', 'SUV'],
  ['5N1', 'AZ2M', 2015, 2024, 'Murano', 'SUV'],
  ['1N6', 'ED1E', 2022, 2025, 'Frontier', 'Pickup'],
  ['3N1', 'CP5C', 2018, 2025, 'Kicks', 'SUV'],
  ['5NP', 'D84L', 2017, 2020, 'Elantra', 'Sedan'],
  ['KMH', 'LM4A', 2021, 2025, 'Elantra', 'Sedan'],
  ['5NP', 'E34A', 2015, 2019, 'Sonata', 'Sedan'],
  ['5NP', 'EL4J', 2020, 2025, 'Sonata', 'Sedan'],
  ['KM8', 'J3CA', 2016, 2021, 'Tucson', 'SUV'],
  ['5NM', 'JF3A', 2022, 2025, 'Tucson', 'SUV'],
  ['5NM', 'S3CA', 2019, 2025, 'Santa Fe', 'SUV'],
  ['KM8', 'R4DH', 2020, 2025, 'Palisade', 'SUV'],
  ['KM8', 'K22A', 2018, 2025, 'Kona', 'SUV'],
  ['KM8', 'KRDA', 2022, 2025, 'Ioniq 5', 'SUV'],
  ['3KP', 'F24A', 2019, 2024, 'Forte', 'Sedan'],
  ['5XX', 'G64J', 2021, 2025, 'K5', 'Sedan'],
  ['KND', 'PM3A', 2017, 2022, 'Sportage', 'SUV'],
  ['5XY', 'K3CA', 2023, 2025, 'Sportage', 'SUV'],
  ['5XY', 'RL4L', 2021, 2025, 'Sorento', 'SUV'],
  ['5XY', 'P3DH', 2020, 2025, 'Telluride', 'SUV'],
  ['KND', 'J23A', 2020, 2025, 'Soul', 'Hatchback'],
  ['KND', 'C3DL', 2022, 2025, 'EV6', 'SUV'],
  ['4S4', 'BSAN', 2015, 2019, 'Outback', 'Wagon'],
  ['4S4', 'BTAN', 2020, 2025, 'Outback', 'Wagon'],
  ['JF2', 'SKAE', 2019, 2025, 'Forester', 'SUV'],
  ['JF2', 'GTAE', 2018, 2025, 'Crosstrek', 'SUV'],
  ['4S4', 'WMAF', 2019, 2025, 'Ascent', 'SUV'],
  ['4S3', 'GTAA', 2017, 2023, 'Impreza', 'Sedan'],
  ['4S3', 'BWAC', 2020, 2025, 'Legacy', 'Sedan'],
  ['JF1', 'VA1B', 2015, 2021, 'WRX', 'Sedan'],
  ['WBA', '5R1C', 2019, 2025, '3 Series', 'Sedan'],
  ['WBA', 'JA5C', 2017, 2023, '5 Series', 'Sedan'],
  ['WBX', 'HT3C', 2016, 2022, 'X1', 'SUV'],
  ['5UX', 'TR9C', 2018, 2025, 'X3', 'SUV'],
  ['5UX', 'CR6C', 2019, 2025, 'X5', 'SUV'],
  ['5UX', 'CW2C', 2019, 2025, 'X7', 'SUV'],
  ['WBY', '73AW', 2022, 2025, 'i4', 'Sedan'],
  ['5YJ', '3E1E', 2017, 2025, 'Model 3', 'Sedan'],
  ['7SA', 'YGDE', 2020, 2025, 'Model Y', 'SUV'],
  ['5YJ', 'SA1E', 2012, 2025, 'Model S', 'Sedan'],
  ['5YJ', 'XCAE', 2016, 2025, 'Model X', 'SUV'],
];

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const yearCode = (year: number) => YEAR_CODES[(year - 1980) % 30];
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * A valid VIN of the pattern for the model year: the pattern padded to the 5 descriptor characters,
 * the check digit computed, the year code, a plant code and a 6-digit serial number.
 */
export function makeVin(wmi: string, vds: string, year: number, serial: number, pick: () => number): string {
  const pad = Array.from({ length: 5 - vds.length }, () => VIN_CHARS[Math.floor(pick() * VIN_CHARS.length)]).join('');
  const plant = 'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(pick() * 23)];
  const draft = `${wmi}${vds}${pad}0${yearCode(year)}${plant}${String(serial % 1_000_000).padStart(6, '0')}`;
  return draft.slice(0, 8) + checkDigit(draft) + draft.slice(9);
}

export interface GenVehicle {
  year: number;
  make: string;
  model: string;
  bodystyle: string;
  vin: string;
}

/** Vehicles of the patterns, model years 2016 onwards within each pattern's years, up to `latestYear`. */
export function vehicleGenerator(pick: () => number, latestYear: number) {
  const makeOf = new Map(WMIS.map(([wmi, make]) => [wmi, make]));
  const usable = PATTERNS.filter(([, , start, end]) => Math.max(start, 2016) <= Math.min(end, latestYear));
  const choose = picker(pick);
  let serial = Math.floor(pick() * 900_000);
  return (): GenVehicle => {
    const [wmi, vds, start, end, model, bodystyle] = choose(usable);
    const from = Math.max(start, 2016);
    const year = from + Math.floor(pick() * (Math.min(end, latestYear) - from + 1));
    serial += 1 + Math.floor(pick() * 50);
    return { year, make: makeOf.get(wmi)!, model, bodystyle, vin: makeVin(wmi, vds, year, serial, pick) };
  };
}
