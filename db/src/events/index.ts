export * from './append.ts';
