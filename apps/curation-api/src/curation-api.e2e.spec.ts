import { describeServiceBasics } from '@platform/testing-service';
import { CURATION_SERVICE } from './curation-api.module';

describeServiceBasics(CURATION_SERVICE);
