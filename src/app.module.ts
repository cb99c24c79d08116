import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import type { AppConfig } from './config/app-config.js';
import { ApiModule } from './api/api.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ConfigModule } from './config/config.module.js';
import { EventStoreModule } from './event-store/event-store.module.js';
import { HealthModule } from './health/health.module.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { OrganiserApiModule } from './api/organiser-api.module.js';
import { ProjectionsModule } from './projections/projections.module.js';
import { RulebookModule } from './api/rulebook.module.js';
import { PagesModule } from './web/pages.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, services: (Provider & { provide: symbol })[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, services),
        EventStoreModule,
        AuthModule,
        AuditModule,
        HealthModule,
        ProjectionsModule,
        ApiModule.forRulesets(),
        OrganiserApiModule,
        InvitationsModule,
        RulebookModule,
        PagesModule,
      ],
    };
  }
}
