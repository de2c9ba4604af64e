/** Cases that run without a server of their own. */
import { jvmCases } from './data-jvm.mjs';

export const dataJvmCases = () => jvmCases();
