/**
 * What the vehicle-data service answers (docs/adas.md#calls), checked at the boundary so a changed service
 * fails with a clear message: the car lookup of a VIN and the driver-assistance components of a car
 * (hal+json: the list is `_embedded.components`). Extra fields are ignored.
 */
import { z } from 'zod';

export const carLookup = z.object({
  vin: z.string(),
  cars: z.array(
    z.object({
      carId: z.number().int(),
      manufacturer: z.string().default(''),
      make: z.string().default(''),
      model: z.string().default(''),
      modelYear: z.number().int().nullable().default(null),
      bodyType: z.string().default(''),
    }),
  ),
});
export type CarLookup = z.infer<typeof carLookup>;
export type Car = CarLookup['cars'][number];

export const carComponents = z.object({
  carId: z.number().int(),
  description: z.string().default(''),
  _embedded: z
    .object({
      components: z.array(
        z.object({
          componentId: z.number().int(),
          name: z.string(),
          location: z.string().default(''),
          /** static, dynamic, static and dynamic, or none. */
          calibration: z.string().default(''),
        }),
      ),
    })
    .default({ components: [] }),
});
export type CarComponents = z.infer<typeof carComponents>;
export type Component = CarComponents['_embedded']['components'][number];

/** What the screens get: the car the VIN names and its components (null when the service knows no car). */
export interface VehicleComponents {
  car: Car | null;
  components: Component[];
}
