import { networkInterfaces } from 'node:os';
import type { AppConfig } from './app-config.js';

/** This machine's IPv4 addresses on its networks (not loopback): where phones at the tables reach it. */
export function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && address.family === 'IPv4' && !address.internal)
    .map((address) => address!.address);
}

/** The address a person types: a wildcard host is reached on this machine as localhost. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * What the service says once it listens: where, on which store, and where its pages are for the
 * people at the tables (the landing page links every page; the organiser starts at the desk).
 */
export function listeningWords(
  config: AppConfig,
  addresses: readonly string[] = networkAddresses(),
): string[] {
  const store = config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir;
  const instances = config.instances > 1 ? ` with ${config.instances} instances` : '';
  const pages = `http://${reachableHost(config.host)}:${config.port}`;
  const words = [
    `listening on ${config.host}:${config.port}${instances}, store: ${store}`,
    `pages at ${pages}/ : the organiser's desk at ${pages}/desk/, the API's description at ${pages}/docs`,
  ];
  // Listening on every address: the QR codes the desk shows carry the address it was opened at, and a
  // phone cannot reach this machine as localhost.
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  if (wildcard && addresses.length > 0) {
    const reached = addresses.map((address) => `http://${address}:${config.port}/desk/`).join(', ');
    words.push(`for phones at the tables, open the desk at this machine's network address: ${reached}`);
  }
  return words;
}
