import { memoryStore } from '../../src/store/memory-store.js';
import { describeStoreContract } from './contract.js';

describeStoreContract('memory', async () => ({ store: memoryStore() }));
