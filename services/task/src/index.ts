export { startTaskService } from './task-service';
