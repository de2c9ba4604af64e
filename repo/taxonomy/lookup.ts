import type { Category } from './categories.js';
import { FAILURE_TYPES, FAILURE_TYPE_NAMES, type FailureType, type FailureTypeInfo } from './types.js';

/** True when `name` is one of the taxonomy's failure types. */
export function isFailureType(name: unknown): name is FailureType {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(FAILURE_TYPES, name);
}

/** The taxonomy entry for a failure type. */
export function failureTypeInfo(type: FailureType): FailureTypeInfo {
  return FAILURE_TYPES[type];
}

/** The failure types of one category, in table order. */
export function typesOfCategory(category: Category): FailureType[] {
  return FAILURE_TYPE_NAMES.filter((type) => FAILURE_TYPES[type].category === category);
}
