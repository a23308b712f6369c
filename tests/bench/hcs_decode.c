/* Decode HCS copies: each pair together, and each copy alone. */
#include "partiar.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static pt_record *load(const char *path){pt_input*in;char m[200];if(pt_input_open(&in,path,m,200))return NULL;pt_pgn_reader*r;pt_pgn_open(&r,pt_input_read,in);pt_pgn_game*g;pt_pgn_game_new(&g);pt_record*rec=NULL;if(pt_pgn_next(r,g)==PT_OK){pt_record_new(&rec);pt_record_from_game(rec,g);}pt_pgn_game_free(&g);pt_pgn_close(&r);pt_input_close(&in);return rec;}
int main(int argc,char**argv){
  int beam=argc>2?atoi(argv[2]):64; const char*dir=argv[1];
  pt_decode*d;pt_decode_new(&d);
  int pairs=0,full=0,single=0,single_full=0; double secs=0; int ops[5]={0};
  for(int gno=1;gno<=300;gno++){
    char p0[512],p1[512];snprintf(p0,512,"%s/hcs-%03d-0.pgn",dir,gno);snprintf(p1,512,"%s/hcs-%03d-1.pgn",dir,gno);
    pt_record*a=load(p0),*b=load(p1);
    const pt_record*recs[2]={a,b};
    for(int k=0;k<2;k++){ if(!recs[k])continue; single++;
      if(pt_decode_run(d,&recs[k],1,&(pt_decode_opts){.beam=beam})!=PT_OK){puts("err");continue;}
      const pt_entry*e; size_t ne=pt_record_entries(recs[k],&e); const pt_decode_ply*pl; size_t np=pt_decode_plies(d,&pl);
      if(pt_decode_left_over(d,0)==0) single_full++;
      (void)ne;(void)np;
    }
    if(a&&b){pairs++;
      clock_t t0=clock();
      pt_decode_run(d,recs,2,&(pt_decode_opts){.beam=beam});
      secs+=(double)(clock()-t0)/CLOCKS_PER_SEC;
      const pt_entry*e; size_t na=pt_record_entries(a,&e), nb=pt_record_entries(b,&e);
      const pt_decode_ply*pl; size_t np=pt_decode_plies(d,&pl);
      size_t longer=na>nb?na:nb;
      bool ok=pt_decode_left_over(d,0)==0&&pt_decode_left_over(d,1)==0&&np>=longer;
      for(size_t i=0;i<np;i++)for(int r=0;r<2;r++)ops[pl[i].op[r]]++;
      if(ok)full++;
      printf("game %03d: %zu/%zu entries, %zu plies, cost %.1f, left %d/%d %s\n",gno,na,nb,np,pt_decode_cost(d),pt_decode_left_over(d,0),pt_decode_left_over(d,1),ok?"":"SHORT");
    }
    if(a)pt_record_free(&a); if(b)pt_record_free(&b);
  }
  printf("pairs %d, fully explained %d; singles %d, fully %d; %.1f ms/pair; ops match %d misread %d gap %d missing %d after-end %d\n",pairs,full,single,single_full,1000*secs/pairs,ops[0],ops[1],ops[2],ops[3],ops[4]);
  return 0;}
