/** The files area's public module: the image upload the users, locations and blog forms give the uploader (README "Areas"). */
export { fileApi } from './api';
