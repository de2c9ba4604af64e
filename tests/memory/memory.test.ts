import { memoryFixMemory } from '../../src/memory/memory-fix-memory.js';
import { fixMemoryContract } from './contract.js';

fixMemoryContract('memory', () => memoryFixMemory());
