export { formResolver } from './form-resolver';
