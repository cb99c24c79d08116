import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { TOURNAMENT_ID_PATTERN } from '../tournament/tournament-events.js';

@Injectable()
export class TournamentIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!TOURNAMENT_ID_PATTERN.test(value)) {
      throw new BadRequestException(
        'id must be 1–64 letters, digits, _ or -, starting with a letter or digit',
      );
    }
    return value;
  }
}
