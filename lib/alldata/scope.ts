/** The one scope the app asks ALLDATA for: reading repair information. The stand-in grants exactly this one. */
export const ALLDATA_SCOPE = 'repair.read';
