/**
 * The calls of the /data screen (the import wizard and the knowledge-base tools), through the BFF
 * (lib/bff/client.ts). Typed by the contract (type imports only: no zod reaches the browser).
 */
import { bff } from '@/lib/bff/client';
import type { contract } from '@/lib/contract';
import type { ChunkResult, SchemaSummary } from '@/lib/contract/data';
import type { BodyOf } from '@/lib/contract/define';

type D = typeof contract.data;
type Admin = typeof contract.admin;
type SchemaName = SchemaSummary['name'];

export const dataApi = {
  schema: (name: SchemaName) => bff<D['schemaNameCall']>('GET', 'data/schemaName', { query: { name } }),
  /** The schema's templates of the user's location. */
  templates: (schemaName: SchemaName) => bff<D['schemaTemplates']>('GET', 'data/schemaTemplates', { query: { schemaName } }),
  saveTemplate: (body: BodyOf<D['saveSchema']>) => bff<D['saveSchema']>('POST', 'data/saveSchema', { body }),
  /** One chunk of rows. The vehicle matrix has its own upload (its additions are recorded, to be removed again). */
  uploadChunk: (schemaName: SchemaName, body: BodyOf<D['uploadVehicleMatrix']>): Promise<ChunkResult> =>
    schemaName === 'vehicleMatrix'
      ? bff<D['uploadVehicleMatrix']>('POST', 'data/uploadVehicleMatrix', { body })
      : bff<D['uploadData']>('POST', 'data/uploadData', { body: { ...body, schemaName } }),
  progress: (importId: string) => bff<D['importProgress']>('GET', 'data/importProgress', { query: { importId } }),
  /** Takes away the make matrices a vehicle-matrix upload added. */
  removeVehicleMatrix: (importId: string) => bff<D['removeVehicleMatrix']>('POST', 'data/removeVehicleMatrix', { body: { importId } }),

  importLinks: (fileName: string, content: string) =>
    bff<Admin['importMakeMatrixLinks']>('POST', 'admin/importMakeMatrixLinks', { body: { fileName, content } }),
  importKeywords: (body: BodyOf<D['importMakeMatrixKeywords']>) =>
    bff<D['importMakeMatrixKeywords']>('POST', 'admin/importMakeMatrixKeywords', { body }),
  exportLinks: (body: BodyOf<D['exportLinksByVehicle']>) =>
    bff<D['exportLinksByVehicle']>('POST', 'alldata/exportLinksByVehicle', { body }),
};
