#!/usr/bin/env node
// Removes the calling package's dist/ so a build never ships files of deleted sources.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

rmSync(join(process.cwd(), 'dist'), { recursive: true, force: true });
