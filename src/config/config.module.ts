import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './app-config.js';

@Global()
@Module({})
export class ConfigModule {
  /**
   * `services` are what the service takes from whoever starts it besides settings (a resolver a test
   * controls), provided everywhere like the config.
   */
  static forRoot(config: AppConfig, services: (Provider & { provide: symbol })[] = []): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, ...services],
      exports: [APP_CONFIG, ...services.map((service) => service.provide)],
    };
  }
}
