import type { AppConfig } from './app-config.js';

/** The address a person types: a wildcard host is reached on this machine as localhost. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * What the service says once it listens: where, on which store, and where its pages are for the
 * people at the tables (the landing page links every page; the organiser starts at the desk).
 */
export function listeningWords(config: AppConfig): string[] {
  const store = config.eventStoreConnectionString ? 'EventStoreDB' : config.dataDir;
  const instances = config.instances > 1 ? ` with ${config.instances} instances` : '';
  const pages = `http://${reachableHost(config.host)}:${config.port}`;
  return [
    `listening on ${config.host}:${config.port}${instances}, store: ${store}`,
    `pages at ${pages}/ : the organiser's desk at ${pages}/desk/, the API's description at ${pages}/docs`,
  ];
}
