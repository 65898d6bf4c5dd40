/** Where a job and an inspection are shown. */
export const jobHref = (adas: number) => `/adas?adas=${adas}`;
export const inspectionHref = (adasInspection: number) => `/view?adasInspection=${adasInspection}`;
